
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'payctl' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'payctl'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'payctl' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('config', 'config', [CompletionResultType]::ParameterValue, 'Show and edit profiles (config.toml)')
            [CompletionResult]::new('login', 'login', [CompletionResultType]::ParameterValue, 'Log in to the dashboard with the password grant')
            [CompletionResult]::new('logout', 'logout', [CompletionResultType]::ParameterValue, 'Forget the profile''s login tokens')
            [CompletionResult]::new('whoami', 'whoami', [CompletionResultType]::ParameterValue, 'Show the logged-in dashboard user and partner')
            [CompletionResult]::new('apps', 'apps', [CompletionResultType]::ParameterValue, 'Create, list, inspect and deactivate applications')
            [CompletionResult]::new('keys', 'keys', [CompletionResultType]::ParameterValue, 'Create, list, revoke and rotate API keys')
            [CompletionResult]::new('api', 'api', [CompletionResultType]::ParameterValue, 'Send one raw request to the API, like `gh api`: for support and debugging')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('sandbox', 'sandbox', [CompletionResultType]::ParameterValue, 'Run the whole API locally (axum over SQLite) with demo data')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;config' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show the selected profile''s settings as they resolve (flags, environment, profile, defaults)')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Set one key of the selected profile; an empty VALUE unsets it')
            [CompletionResult]::new('use', 'use', [CompletionResultType]::ParameterValue, 'Make PROFILE the default for later commands')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the profiles; the default one is marked')
            [CompletionResult]::new('init', 'init', [CompletionResultType]::ParameterValue, 'Create a profile from the JSON ready line of `payctl sandbox --json`')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;config;show' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'payctl;config;set' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'payctl;config;use' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'payctl;config;list' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'payctl;config;init' {
            [CompletionResult]::new('--from-ready', '--from-ready', [CompletionResultType]::ParameterName, 'File holding the ready line, or `-` for standard input')
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'Profile to create or overwrite [default: the selected profile]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('--no-use', '--no-use', [CompletionResultType]::ParameterName, 'Keep the current default profile instead of switching to the new one')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'payctl;config;help' {
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show the selected profile''s settings as they resolve (flags, environment, profile, defaults)')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Set one key of the selected profile; an empty VALUE unsets it')
            [CompletionResult]::new('use', 'use', [CompletionResultType]::ParameterValue, 'Make PROFILE the default for later commands')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the profiles; the default one is marked')
            [CompletionResult]::new('init', 'init', [CompletionResultType]::ParameterValue, 'Create a profile from the JSON ready line of `payctl sandbox --json`')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;config;help;show' {
            break
        }
        'payctl;config;help;set' {
            break
        }
        'payctl;config;help;use' {
            break
        }
        'payctl;config;help;list' {
            break
        }
        'payctl;config;help;init' {
            break
        }
        'payctl;config;help;help' {
            break
        }
        'payctl;login' {
            [CompletionResult]::new('--username', '--username', [CompletionResultType]::ParameterName, 'Dashboard user name [default: the profile''s username]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('--password-stdin', '--password-stdin', [CompletionResultType]::ParameterName, 'Read the password from standard input (for scripts)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'payctl;logout' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'payctl;whoami' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'payctl;apps' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create an application; its environment is fixed for life')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List applications, newest first')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one application')
            [CompletionResult]::new('deactivate', 'deactivate', [CompletionResultType]::ParameterValue, 'Deactivate an application: its keys then answer 403 ATH_0002')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;apps;create' {
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'name')
            [CompletionResult]::new('--environment', '--environment', [CompletionResultType]::ParameterName, 'environment')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'payctl;apps;list' {
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Records per page, 1 to 100')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Follow next_cursor until the last page')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'payctl;apps;get' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'payctl;apps;deactivate' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'payctl;apps;help' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create an application; its environment is fixed for life')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List applications, newest first')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one application')
            [CompletionResult]::new('deactivate', 'deactivate', [CompletionResultType]::ParameterValue, 'Deactivate an application: its keys then answer 403 ATH_0002')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;apps;help;create' {
            break
        }
        'payctl;apps;help;list' {
            break
        }
        'payctl;apps;help;get' {
            break
        }
        'payctl;apps;help;deactivate' {
            break
        }
        'payctl;apps;help;help' {
            break
        }
        'payctl;keys' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a key; its secret exists only in this answer, so keep it with --save or see it with --show-secret')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the keys of an application, newest first (never their secrets)')
            [CompletionResult]::new('revoke', 'revoke', [CompletionResultType]::ParameterValue, 'Revoke a key at once; calls with it then answer 401')
            [CompletionResult]::new('rotate', 'rotate', [CompletionResultType]::ParameterValue, 'Create a new key, switch the profile to it, then revoke the old one')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;keys;create' {
            [CompletionResult]::new('--app', '--app', [CompletionResultType]::ParameterName, 'Application id [default: the profile''s application_id]')
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'A label to tell keys apart')
            [CompletionResult]::new('--expires-at', '--expires-at', [CompletionResultType]::ParameterName, 'Expiry, ISO 8601 in the future (e.g. 2027-01-01T00:00:00Z)')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Store the secret as the profile''s API key')
            [CompletionResult]::new('--show-secret', '--show-secret', [CompletionResultType]::ParameterName, 'Print the secret; it cannot be read again later')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'payctl;keys;list' {
            [CompletionResult]::new('--app', '--app', [CompletionResultType]::ParameterName, 'Application id [default: the profile''s application_id]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Records per page, 1 to 100')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Follow next_cursor until the last page')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'payctl;keys;revoke' {
            [CompletionResult]::new('--app', '--app', [CompletionResultType]::ParameterName, 'Application id [default: the profile''s application_id]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'payctl;keys;rotate' {
            [CompletionResult]::new('--app', '--app', [CompletionResultType]::ParameterName, 'Application id [default: the profile''s application_id]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('--show-secret', '--show-secret', [CompletionResultType]::ParameterName, 'Also print the new secret (it is stored in the profile either way)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'payctl;keys;help' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a key; its secret exists only in this answer, so keep it with --save or see it with --show-secret')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the keys of an application, newest first (never their secrets)')
            [CompletionResult]::new('revoke', 'revoke', [CompletionResultType]::ParameterValue, 'Revoke a key at once; calls with it then answer 401')
            [CompletionResult]::new('rotate', 'rotate', [CompletionResultType]::ParameterValue, 'Create a new key, switch the profile to it, then revoke the old one')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;keys;help;create' {
            break
        }
        'payctl;keys;help;list' {
            break
        }
        'payctl;keys;help;revoke' {
            break
        }
        'payctl;keys;help;rotate' {
            break
        }
        'payctl;keys;help;help' {
            break
        }
        'payctl;api' {
            [CompletionResult]::new('--data', '--data', [CompletionResultType]::ParameterName, 'JSON request body')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('--bearer', '--bearer', [CompletionResultType]::ParameterName, 'Authenticate with the dashboard login instead of the API key')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'payctl;completions' {
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'payctl;sandbox' {
            [CompletionResult]::new('--listen', '--listen', [CompletionResultType]::ParameterName, 'Address to listen on; port 0 picks a free port')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'SQLite database file (default: sandbox.db in the user''s data directory)')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Per-API-key rate limits: PER_MINUTE[/PER_HOUR] (default 100/5000), or `off` (e.g. for load tests). PER_MINUTE alone sets PER_HOUR to 60 times it')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('--in-memory', '--in-memory', [CompletionResultType]::ParameterName, 'Keep everything in memory; nothing is written to disk')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the ready line as one JSON object on stdout (for scripts)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'payctl;help' {
            [CompletionResult]::new('config', 'config', [CompletionResultType]::ParameterValue, 'Show and edit profiles (config.toml)')
            [CompletionResult]::new('login', 'login', [CompletionResultType]::ParameterValue, 'Log in to the dashboard with the password grant')
            [CompletionResult]::new('logout', 'logout', [CompletionResultType]::ParameterValue, 'Forget the profile''s login tokens')
            [CompletionResult]::new('whoami', 'whoami', [CompletionResultType]::ParameterValue, 'Show the logged-in dashboard user and partner')
            [CompletionResult]::new('apps', 'apps', [CompletionResultType]::ParameterValue, 'Create, list, inspect and deactivate applications')
            [CompletionResult]::new('keys', 'keys', [CompletionResultType]::ParameterValue, 'Create, list, revoke and rotate API keys')
            [CompletionResult]::new('api', 'api', [CompletionResultType]::ParameterValue, 'Send one raw request to the API, like `gh api`: for support and debugging')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('sandbox', 'sandbox', [CompletionResultType]::ParameterValue, 'Run the whole API locally (axum over SQLite) with demo data')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;help;config' {
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show the selected profile''s settings as they resolve (flags, environment, profile, defaults)')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Set one key of the selected profile; an empty VALUE unsets it')
            [CompletionResult]::new('use', 'use', [CompletionResultType]::ParameterValue, 'Make PROFILE the default for later commands')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the profiles; the default one is marked')
            [CompletionResult]::new('init', 'init', [CompletionResultType]::ParameterValue, 'Create a profile from the JSON ready line of `payctl sandbox --json`')
            break
        }
        'payctl;help;config;show' {
            break
        }
        'payctl;help;config;set' {
            break
        }
        'payctl;help;config;use' {
            break
        }
        'payctl;help;config;list' {
            break
        }
        'payctl;help;config;init' {
            break
        }
        'payctl;help;login' {
            break
        }
        'payctl;help;logout' {
            break
        }
        'payctl;help;whoami' {
            break
        }
        'payctl;help;apps' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create an application; its environment is fixed for life')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List applications, newest first')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one application')
            [CompletionResult]::new('deactivate', 'deactivate', [CompletionResultType]::ParameterValue, 'Deactivate an application: its keys then answer 403 ATH_0002')
            break
        }
        'payctl;help;apps;create' {
            break
        }
        'payctl;help;apps;list' {
            break
        }
        'payctl;help;apps;get' {
            break
        }
        'payctl;help;apps;deactivate' {
            break
        }
        'payctl;help;keys' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a key; its secret exists only in this answer, so keep it with --save or see it with --show-secret')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the keys of an application, newest first (never their secrets)')
            [CompletionResult]::new('revoke', 'revoke', [CompletionResultType]::ParameterValue, 'Revoke a key at once; calls with it then answer 401')
            [CompletionResult]::new('rotate', 'rotate', [CompletionResultType]::ParameterValue, 'Create a new key, switch the profile to it, then revoke the old one')
            break
        }
        'payctl;help;keys;create' {
            break
        }
        'payctl;help;keys;list' {
            break
        }
        'payctl;help;keys;revoke' {
            break
        }
        'payctl;help;keys;rotate' {
            break
        }
        'payctl;help;api' {
            break
        }
        'payctl;help;completions' {
            break
        }
        'payctl;help;sandbox' {
            break
        }
        'payctl;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
