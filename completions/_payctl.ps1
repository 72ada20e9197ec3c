
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
            [CompletionResult]::new('customers', 'customers', [CompletionResultType]::ParameterValue, 'Create, list and inspect customers; approve or reject them in the sandbox')
            [CompletionResult]::new('beneficiaries', 'beneficiaries', [CompletionResultType]::ParameterValue, 'Create, list and inspect beneficiaries and their payout accounts')
            [CompletionResult]::new('accounts', 'accounts', [CompletionResultType]::ParameterValue, 'Settlement accounts and wallets, balances, customer accounts')
            [CompletionResult]::new('wallets', 'wallets', [CompletionResultType]::ParameterValue, 'Validate addresses; manage the partner''s wallets')
            [CompletionResult]::new('pricing', 'pricing', [CompletionResultType]::ParameterValue, 'Markups, corridors and fee simulation')
            [CompletionResult]::new('quotes', 'quotes', [CompletionResultType]::ParameterValue, 'Create, inspect and accept transaction quotes')
            [CompletionResult]::new('transfer', 'transfer', [CompletionResultType]::ParameterValue, 'Send money, guided: quote, confirm, accept, create, optionally wait')
            [CompletionResult]::new('payments', 'payments', [CompletionResultType]::ParameterValue, 'Payments collected on a virtual IBAN (TEST keys only)')
            [CompletionResult]::new('transfers', 'transfers', [CompletionResultType]::ParameterValue, 'Transfers: payins, payouts, bridges and on-chain swaps')
            [CompletionResult]::new('swaps', 'swaps', [CompletionResultType]::ParameterValue, 'On-chain stablecoin swaps (onchain-fx)')
            [CompletionResult]::new('transactions', 'transactions', [CompletionResultType]::ParameterValue, 'List and inspect transactions')
            [CompletionResult]::new('webhooks', 'webhooks', [CompletionResultType]::ParameterValue, 'Webhook endpoints, deliveries, and signature verification')
            [CompletionResult]::new('logs', 'logs', [CompletionResultType]::ParameterValue, 'Request logs of the application: list with filters, or follow')
            [CompletionResult]::new('listen', 'listen', [CompletionResultType]::ParameterValue, 'Receive webhooks locally: verify, print and forward each delivery')
            [CompletionResult]::new('api', 'api', [CompletionResultType]::ParameterValue, 'Send one raw request to the API, like `gh api`: for support and debugging')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('sandbox', 'sandbox', [CompletionResultType]::ParameterValue, 'Run the whole API locally (axum over SQLite) with demo data')
            [CompletionResult]::new('fixtures', 'fixtures', [CompletionResultType]::ParameterValue, 'Run fixtures: JSON scenario files of API steps')
            [CompletionResult]::new('trigger', 'trigger', [CompletionResultType]::ParameterValue, 'Fire a webhook event by running its shipped fixture')
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
        'payctl;customers' {
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
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a customer (`POST /v1/customers`); verification starts pending')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List customers, newest first')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one customer')
            [CompletionResult]::new('approve', 'approve', [CompletionResultType]::ParameterValue, 'Sandbox only: approve a pending customer''s verification (TEST key)')
            [CompletionResult]::new('reject', 'reject', [CompletionResultType]::ParameterValue, 'Sandbox only: reject a pending customer''s verification (TEST key)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;customers;create' {
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, '`business` or `individual`')
            [CompletionResult]::new('--legal-name', '--legal-name', [CompletionResultType]::ParameterName, 'Registered or full name, 1 to 256 characters')
            [CompletionResult]::new('--email', '--email', [CompletionResultType]::ParameterName, 'Unique per application, ignoring case')
            [CompletionResult]::new('--country', '--country', [CompletionResultType]::ParameterName, 'ISO 3166-1 alpha-2 code, e.g. AE')
            [CompletionResult]::new('--verification-level', '--verification-level', [CompletionResultType]::ParameterName, '`standard` or `enhanced`')
            [CompletionResult]::new('--tax-id', '--tax-id', [CompletionResultType]::ParameterName, 'Tax identifier, 1 to 64 characters')
            [CompletionResult]::new('--data', '--data', [CompletionResultType]::ParameterName, 'Request body as JSON, or @FILE to read it from a file (@- for stdin); flags override its fields')
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
        'payctl;customers;list' {
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'Only customers whose verification (kyb_status) is this')
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
        'payctl;customers;get' {
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
        'payctl;customers;approve' {
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
        'payctl;customers;reject' {
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
        'payctl;customers;help' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a customer (`POST /v1/customers`); verification starts pending')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List customers, newest first')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one customer')
            [CompletionResult]::new('approve', 'approve', [CompletionResultType]::ParameterValue, 'Sandbox only: approve a pending customer''s verification (TEST key)')
            [CompletionResult]::new('reject', 'reject', [CompletionResultType]::ParameterValue, 'Sandbox only: reject a pending customer''s verification (TEST key)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;customers;help;create' {
            break
        }
        'payctl;customers;help;list' {
            break
        }
        'payctl;customers;help;get' {
            break
        }
        'payctl;customers;help;approve' {
            break
        }
        'payctl;customers;help;reject' {
            break
        }
        'payctl;customers;help;help' {
            break
        }
        'payctl;beneficiaries' {
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
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a beneficiary with its payout account (`POST /v1/beneficiaries`)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a customer''s beneficiaries, newest first')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one beneficiary')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;beneficiaries;create' {
            [CompletionResult]::new('--customer', '--customer', [CompletionResultType]::ParameterName, 'The customer who pays out to this beneficiary')
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, '`business` or `individual`')
            [CompletionResult]::new('--full-name', '--full-name', [CompletionResultType]::ParameterName, '1 to 256 characters')
            [CompletionResult]::new('--country', '--country', [CompletionResultType]::ParameterName, 'ISO 3166-1 alpha-2 code')
            [CompletionResult]::new('--gov-id-ref', '--gov-id-ref', [CompletionResultType]::ParameterName, 'Government id reference (individuals only)')
            [CompletionResult]::new('--asset', '--asset', [CompletionResultType]::ParameterName, 'The account''s destination asset: a fiat code for a bank account, USDC or USDT for a wallet')
            [CompletionResult]::new('--iban', '--iban', [CompletionResultType]::ParameterName, 'Bank account: IBAN (spaces and any case accepted)')
            [CompletionResult]::new('--bank-name', '--bank-name', [CompletionResultType]::ParameterName, 'Bank account: bank name')
            [CompletionResult]::new('--bank-country', '--bank-country', [CompletionResultType]::ParameterName, 'Bank account: the bank''s country, which must be the IBAN''s')
            [CompletionResult]::new('--routing', '--routing', [CompletionResultType]::ParameterName, 'Bank account: BIC, sort code or other routing code')
            [CompletionResult]::new('--network', '--network', [CompletionResultType]::ParameterName, 'Wallet: network code (ethereum, tron, solana...)')
            [CompletionResult]::new('--address', '--address', [CompletionResultType]::ParameterName, 'Wallet: address on that network')
            [CompletionResult]::new('--data', '--data', [CompletionResultType]::ParameterName, 'Request body as JSON, or @FILE to read it from a file (@- for stdin); flags override its fields')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('--default', '--default', [CompletionResultType]::ParameterName, 'Make this account the customer''s default for its asset')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'payctl;beneficiaries;list' {
            [CompletionResult]::new('--customer', '--customer', [CompletionResultType]::ParameterName, 'The customer whose beneficiaries to list')
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
        'payctl;beneficiaries;get' {
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
        'payctl;beneficiaries;help' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a beneficiary with its payout account (`POST /v1/beneficiaries`)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a customer''s beneficiaries, newest first')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one beneficiary')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;beneficiaries;help;create' {
            break
        }
        'payctl;beneficiaries;help;list' {
            break
        }
        'payctl;beneficiaries;help;get' {
            break
        }
        'payctl;beneficiaries;help;help' {
            break
        }
        'payctl;accounts' {
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
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Open a fiat settlement account or a stablecoin wallet (`POST /v1/accounts`)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the application''s settlement accounts and wallets, newest first')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one settlement account or wallet')
            [CompletionResult]::new('balances', 'balances', [CompletionResultType]::ParameterValue, 'The application''s own ledger accounts (float, fees, settlement, wallets) with balances')
            [CompletionResult]::new('customer', 'customer', [CompletionResultType]::ParameterValue, 'A customer''s ledger accounts (`GET /v1/customers/{id}/accounts`)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;accounts;create' {
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, '`fiat` or `stablecoin`')
            [CompletionResult]::new('--currency', '--currency', [CompletionResultType]::ParameterName, 'Asset code: AED for fiat, USDC or USDT for stablecoin')
            [CompletionResult]::new('--corridor', '--corridor', [CompletionResultType]::ParameterName, 'Fiat only: the corridor, e.g. uae')
            [CompletionResult]::new('--network', '--network', [CompletionResultType]::ParameterName, 'Stablecoin only: the network code')
            [CompletionResult]::new('--wallet-mode', '--wallet-mode', [CompletionResultType]::ParameterName, 'Stablecoin only: `mpc` (address provisioned) or `self_custody`')
            [CompletionResult]::new('--external-address', '--external-address', [CompletionResultType]::ParameterName, 'Self-custody wallets: your address on the network')
            [CompletionResult]::new('--label', '--label', [CompletionResultType]::ParameterName, 'A label, at most 128 characters')
            [CompletionResult]::new('--data', '--data', [CompletionResultType]::ParameterName, 'Request body as JSON, or @FILE to read it from a file (@- for stdin); flags override its fields')
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
        'payctl;accounts;list' {
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
        'payctl;accounts;get' {
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
        'payctl;accounts;balances' {
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
        'payctl;accounts;customer' {
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
        'payctl;accounts;help' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Open a fiat settlement account or a stablecoin wallet (`POST /v1/accounts`)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the application''s settlement accounts and wallets, newest first')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one settlement account or wallet')
            [CompletionResult]::new('balances', 'balances', [CompletionResultType]::ParameterValue, 'The application''s own ledger accounts (float, fees, settlement, wallets) with balances')
            [CompletionResult]::new('customer', 'customer', [CompletionResultType]::ParameterValue, 'A customer''s ledger accounts (`GET /v1/customers/{id}/accounts`)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;accounts;help;create' {
            break
        }
        'payctl;accounts;help;list' {
            break
        }
        'payctl;accounts;help;get' {
            break
        }
        'payctl;accounts;help;balances' {
            break
        }
        'payctl;accounts;help;customer' {
            break
        }
        'payctl;accounts;help;help' {
            break
        }
        'payctl;wallets' {
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
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check an address for a network (public route: no credential needed)')
            [CompletionResult]::new('partner', 'partner', [CompletionResultType]::ParameterValue, 'The partner''s wallets, one per network and role (dashboard login)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;wallets;validate' {
            [CompletionResult]::new('--network', '--network', [CompletionResultType]::ParameterName, 'Network code: ethereum, avalanche, arbitrum, base, polygon, tron, stellar, solana, xrpl, algorand, sui')
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
        'payctl;wallets;partner' {
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
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the partner''s wallets, by network then role')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Set the partner''s wallet for a network and role (replaces its address)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;wallets;partner;list' {
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
        'payctl;wallets;partner;set' {
            [CompletionResult]::new('--network', '--network', [CompletionResultType]::ParameterName, 'network')
            [CompletionResult]::new('--role', '--role', [CompletionResultType]::ParameterName, 'What the wallet is for')
            [CompletionResult]::new('--address', '--address', [CompletionResultType]::ParameterName, 'address')
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
        'payctl;wallets;partner;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the partner''s wallets, by network then role')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Set the partner''s wallet for a network and role (replaces its address)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;wallets;partner;help;list' {
            break
        }
        'payctl;wallets;partner;help;set' {
            break
        }
        'payctl;wallets;partner;help;help' {
            break
        }
        'payctl;wallets;help' {
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check an address for a network (public route: no credential needed)')
            [CompletionResult]::new('partner', 'partner', [CompletionResultType]::ParameterValue, 'The partner''s wallets, one per network and role (dashboard login)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;wallets;help;validate' {
            break
        }
        'payctl;wallets;help;partner' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the partner''s wallets, by network then role')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Set the partner''s wallet for a network and role (replaces its address)')
            break
        }
        'payctl;wallets;help;partner;list' {
            break
        }
        'payctl;wallets;help;partner;set' {
            break
        }
        'payctl;wallets;help;help' {
            break
        }
        'payctl;pricing' {
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
            [CompletionResult]::new('markup', 'markup', [CompletionResultType]::ParameterValue, 'The markup added to the platform fee, for the partner or one customer')
            [CompletionResult]::new('corridors', 'corridors', [CompletionResultType]::ParameterValue, 'The corridors of the service with their mid rates')
            [CompletionResult]::new('simulate', 'simulate', [CompletionResultType]::ParameterValue, 'Price a transfer: fee, net amount, rate and destination amount')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;pricing;markup' {
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
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show the markup that applies (the customer''s, else the partner''s, else the default)')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Replace the partner''s markup, or a customer''s override; omitted options are cleared')
            [CompletionResult]::new('clear', 'clear', [CompletionResultType]::ParameterValue, 'Remove a customer''s override: the partner''s markup applies again')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;pricing;markup;get' {
            [CompletionResult]::new('--customer', '--customer', [CompletionResultType]::ParameterName, 'A customer''s markup instead of the partner''s')
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
        'payctl;pricing;markup;set' {
            [CompletionResult]::new('--customer', '--customer', [CompletionResultType]::ParameterName, 'A customer''s markup instead of the partner''s')
            [CompletionResult]::new('--kind', '--kind', [CompletionResultType]::ParameterName, 'kind')
            [CompletionResult]::new('--value', '--value', [CompletionResultType]::ParameterName, 'Basis points (at most 10000), or minor units of --currency for FLAT')
            [CompletionResult]::new('--currency', '--currency', [CompletionResultType]::ParameterName, 'FLAT only: the currency of the value')
            [CompletionResult]::new('--min-fee', '--min-fee', [CompletionResultType]::ParameterName, 'Lowest fee, in minor units of the source currency')
            [CompletionResult]::new('--max-fee', '--max-fee', [CompletionResultType]::ParameterName, 'Highest fee, in minor units of the source currency')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'payctl;pricing;markup;clear' {
            [CompletionResult]::new('--customer', '--customer', [CompletionResultType]::ParameterName, 'The customer whose override to remove (the partner markup itself is replaced with `set`)')
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
        'payctl;pricing;markup;help' {
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show the markup that applies (the customer''s, else the partner''s, else the default)')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Replace the partner''s markup, or a customer''s override; omitted options are cleared')
            [CompletionResult]::new('clear', 'clear', [CompletionResultType]::ParameterValue, 'Remove a customer''s override: the partner''s markup applies again')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;pricing;markup;help;get' {
            break
        }
        'payctl;pricing;markup;help;set' {
            break
        }
        'payctl;pricing;markup;help;clear' {
            break
        }
        'payctl;pricing;markup;help;help' {
            break
        }
        'payctl;pricing;corridors' {
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
        'payctl;pricing;simulate' {
            [CompletionResult]::new('--amount', '--amount', [CompletionResultType]::ParameterName, 'Source amount in integer minor units of --from')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'Source currency code')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Destination currency code')
            [CompletionResult]::new('--rate', '--rate', [CompletionResultType]::ParameterName, 'Exchange rate as an exact decimal [default: the rate table''s]')
            [CompletionResult]::new('--customer', '--customer', [CompletionResultType]::ParameterName, 'Apply this customer''s markup override')
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
        'payctl;pricing;help' {
            [CompletionResult]::new('markup', 'markup', [CompletionResultType]::ParameterValue, 'The markup added to the platform fee, for the partner or one customer')
            [CompletionResult]::new('corridors', 'corridors', [CompletionResultType]::ParameterValue, 'The corridors of the service with their mid rates')
            [CompletionResult]::new('simulate', 'simulate', [CompletionResultType]::ParameterValue, 'Price a transfer: fee, net amount, rate and destination amount')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;pricing;help;markup' {
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show the markup that applies (the customer''s, else the partner''s, else the default)')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Replace the partner''s markup, or a customer''s override; omitted options are cleared')
            [CompletionResult]::new('clear', 'clear', [CompletionResultType]::ParameterValue, 'Remove a customer''s override: the partner''s markup applies again')
            break
        }
        'payctl;pricing;help;markup;get' {
            break
        }
        'payctl;pricing;help;markup;set' {
            break
        }
        'payctl;pricing;help;markup;clear' {
            break
        }
        'payctl;pricing;help;corridors' {
            break
        }
        'payctl;pricing;help;simulate' {
            break
        }
        'payctl;pricing;help;help' {
            break
        }
        'payctl;quotes' {
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
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Price a movement and lock its rate (`POST /v1/transactions/quote`)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one quote; a quote not accepted in time reads EXPIRED')
            [CompletionResult]::new('accept', 'accept', [CompletionResultType]::ParameterValue, 'Accept a quote before it expires, so a transaction can use it')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;quotes;create' {
            [CompletionResult]::new('--corridor', '--corridor', [CompletionResultType]::ParameterName, 'Corridor id, e.g. uae')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'Source asset code, e.g. AED or USD')
            [CompletionResult]::new('--amount-minor', '--amount-minor', [CompletionResultType]::ParameterName, 'Source amount in integer minor units of the source asset (1050 is 10.50 AED)')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Destination asset code, e.g. EUR or USDC')
            [CompletionResult]::new('--kind', '--kind', [CompletionResultType]::ParameterName, 'Kind of destination')
            [CompletionResult]::new('--customer', '--customer', [CompletionResultType]::ParameterName, 'The sending customer; its markup override then applies')
            [CompletionResult]::new('--data', '--data', [CompletionResultType]::ParameterName, 'Request body as JSON, or @FILE to read it from a file (@- for stdin); flags override its fields')
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
        'payctl;quotes;get' {
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
        'payctl;quotes;accept' {
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
        'payctl;quotes;help' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Price a movement and lock its rate (`POST /v1/transactions/quote`)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one quote; a quote not accepted in time reads EXPIRED')
            [CompletionResult]::new('accept', 'accept', [CompletionResultType]::ParameterValue, 'Accept a quote before it expires, so a transaction can use it')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;quotes;help;create' {
            break
        }
        'payctl;quotes;help;get' {
            break
        }
        'payctl;quotes;help;accept' {
            break
        }
        'payctl;quotes;help;help' {
            break
        }
        'payctl;transfer' {
            [CompletionResult]::new('--corridor', '--corridor', [CompletionResultType]::ParameterName, 'Corridor id, e.g. uae')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'Source asset code, e.g. AED or USD')
            [CompletionResult]::new('--amount-minor', '--amount-minor', [CompletionResultType]::ParameterName, 'Source amount in integer minor units of the source asset (1050 is 10.50 AED)')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Destination asset code, e.g. EUR or USDC')
            [CompletionResult]::new('--kind', '--kind', [CompletionResultType]::ParameterName, 'Kind of destination')
            [CompletionResult]::new('--customer', '--customer', [CompletionResultType]::ParameterName, 'The sending customer; its markup override then applies')
            [CompletionResult]::new('--data', '--data', [CompletionResultType]::ParameterName, 'Request body as JSON, or @FILE to read it from a file (@- for stdin); flags override its fields')
            [CompletionResult]::new('--beneficiary', '--beneficiary', [CompletionResultType]::ParameterName, 'The beneficiary whose account receives the destination asset')
            [CompletionResult]::new('--idempotency-key', '--idempotency-key', [CompletionResultType]::ParameterName, 'Reuse the Idempotency-Key printed by an earlier run, to retry it safely')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required without a terminal)')
            [CompletionResult]::new('--confirm-live', '--confirm-live', [CompletionResultType]::ParameterName, 'With --yes on a LIVE key: confirm that real money moves')
            [CompletionResult]::new('--wait', '--wait', [CompletionResultType]::ParameterName, 'Wait until the transaction is COMPLETED or FAILED (Ctrl-C stops waiting)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'payctl;payments' {
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
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a payment for an accepted legacy quote; prints the collection instructions')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List payments, newest first')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one payment')
            [CompletionResult]::new('fund', 'fund', [CompletionResultType]::ParameterValue, 'Sandbox only: mark a payment''s funds as received (TEST key)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;payments;create' {
            [CompletionResult]::new('--quote', '--quote', [CompletionResultType]::ParameterName, 'An accepted, unused quote from the legacy quote endpoints')
            [CompletionResult]::new('--collection-method', '--collection-method', [CompletionResultType]::ParameterName, 'collection-method')
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
        'payctl;payments;list' {
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'awaiting_funds, funds_received, settled or expired')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'Created at or after this time (ISO 8601)')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Created at or before this time (ISO 8601)')
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
        'payctl;payments;get' {
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
        'payctl;payments;fund' {
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
        'payctl;payments;help' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a payment for an accepted legacy quote; prints the collection instructions')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List payments, newest first')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one payment')
            [CompletionResult]::new('fund', 'fund', [CompletionResultType]::ParameterValue, 'Sandbox only: mark a payment''s funds as received (TEST key)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;payments;help;create' {
            break
        }
        'payctl;payments;help;list' {
            break
        }
        'payctl;payments;help;get' {
            break
        }
        'payctl;payments;help;fund' {
            break
        }
        'payctl;payments;help;help' {
            break
        }
        'payctl;transfers' {
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
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Start a transfer (`POST /v1/transfers`); the body names its kind')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one transfer')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;transfers;create' {
            [CompletionResult]::new('--kind', '--kind', [CompletionResultType]::ParameterName, 'payin, payout, bridge or onchain_fx; overrides the body''s kind')
            [CompletionResult]::new('--data', '--data', [CompletionResultType]::ParameterName, 'Request body as JSON, or @FILE to read it from a file (@- for stdin); flags override its fields')
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
        'payctl;transfers;get' {
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
        'payctl;transfers;help' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Start a transfer (`POST /v1/transfers`); the body names its kind')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one transfer')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;transfers;help;create' {
            break
        }
        'payctl;transfers;help;get' {
            break
        }
        'payctl;transfers;help;help' {
            break
        }
        'payctl;swaps' {
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
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Swap one stablecoin for another on chain (`POST /v1/onchain-fx`)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one swap in the shape of spec 2.11 (`GET /v1/onchain-fx/{fx_id}`)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;swaps;create' {
            [CompletionResult]::new('--data', '--data', [CompletionResultType]::ParameterName, 'Request body as JSON, or @FILE to read it from a file (@- for stdin); flags override its fields')
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
        'payctl;swaps;get' {
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
        'payctl;swaps;help' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Swap one stablecoin for another on chain (`POST /v1/onchain-fx`)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one swap in the shape of spec 2.11 (`GET /v1/onchain-fx/{fx_id}`)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;swaps;help;create' {
            break
        }
        'payctl;swaps;help;get' {
            break
        }
        'payctl;swaps;help;help' {
            break
        }
        'payctl;transactions' {
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
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List transactions, newest first')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one transaction, by its id or its txn_ external id')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;transactions;list' {
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
        'payctl;transactions;get' {
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
        'payctl;transactions;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List transactions, newest first')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one transaction, by its id or its txn_ external id')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;transactions;help;list' {
            break
        }
        'payctl;transactions;help;get' {
            break
        }
        'payctl;transactions;help;help' {
            break
        }
        'payctl;webhooks' {
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
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Register an endpoint; its signing secret is shown only in this answer')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List endpoints, newest first (secrets masked)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one endpoint (secret masked)')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change an endpoint''s URL, description, events or status')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete an endpoint and its deliveries')
            [CompletionResult]::new('rotate-secret', 'rotate-secret', [CompletionResultType]::ParameterValue, 'Replace an endpoint''s signing secret; the old one signs nothing more')
            [CompletionResult]::new('deliveries', 'deliveries', [CompletionResultType]::ParameterValue, 'List an endpoint''s deliveries with their attempts, newest first')
            [CompletionResult]::new('redeliver', 'redeliver', [CompletionResultType]::ParameterValue, 'Queue one more attempt of a delivery, now')
            [CompletionResult]::new('verify', 'verify', [CompletionResultType]::ParameterValue, 'Check a delivery''s X-Service-Signature against its raw payload (no API call)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;webhooks;create' {
            [CompletionResult]::new('--url', '--url', [CompletionResultType]::ParameterName, '`https://` URL (the sandbox also accepts `http://` on loopback)')
            [CompletionResult]::new('--events', '--events', [CompletionResultType]::ParameterName, 'Event types, comma-separated or repeated')
            [CompletionResult]::new('--description', '--description', [CompletionResultType]::ParameterName, 'description')
            [CompletionResult]::new('--secret-file', '--secret-file', [CompletionResultType]::ParameterName, 'Write the new secret to this file, created with mode 0600; it must not exist')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('--show-secret', '--show-secret', [CompletionResultType]::ParameterName, 'Print the new secret (it cannot be read again later)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'payctl;webhooks;list' {
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
        'payctl;webhooks;get' {
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
        'payctl;webhooks;update' {
            [CompletionResult]::new('--url', '--url', [CompletionResultType]::ParameterName, 'url')
            [CompletionResult]::new('--description', '--description', [CompletionResultType]::ParameterName, 'An empty value removes the description')
            [CompletionResult]::new('--events', '--events', [CompletionResultType]::ParameterName, 'Replaces the event types, comma-separated or repeated')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('--enable', '--enable', [CompletionResultType]::ParameterName, 'Deliver to the endpoint again')
            [CompletionResult]::new('--disable', '--disable', [CompletionResultType]::ParameterName, 'Stop new deliveries; pending ones wait until it is enabled')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'payctl;webhooks;delete' {
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
        'payctl;webhooks;rotate-secret' {
            [CompletionResult]::new('--secret-file', '--secret-file', [CompletionResultType]::ParameterName, 'Write the new secret to this file, created with mode 0600; it must not exist')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('--show-secret', '--show-secret', [CompletionResultType]::ParameterName, 'Print the new secret (it cannot be read again later)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'payctl;webhooks;deliveries' {
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
        'payctl;webhooks;redeliver' {
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
        'payctl;webhooks;verify' {
            [CompletionResult]::new('--secret', '--secret', [CompletionResultType]::ParameterName, 'The endpoint''s signing secret (whsec_...)')
            [CompletionResult]::new('--header', '--header', [CompletionResultType]::ParameterName, 'The X-Service-Signature value, or the whole `X-Service-Signature: value` line')
            [CompletionResult]::new('--payload', '--payload', [CompletionResultType]::ParameterName, 'The raw payload as received: a file, or - for stdin')
            [CompletionResult]::new('--tolerance', '--tolerance', [CompletionResultType]::ParameterName, 'Largest accepted distance in seconds between t and now; 0 accepts any age')
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
        'payctl;webhooks;help' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Register an endpoint; its signing secret is shown only in this answer')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List endpoints, newest first (secrets masked)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one endpoint (secret masked)')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change an endpoint''s URL, description, events or status')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete an endpoint and its deliveries')
            [CompletionResult]::new('rotate-secret', 'rotate-secret', [CompletionResultType]::ParameterValue, 'Replace an endpoint''s signing secret; the old one signs nothing more')
            [CompletionResult]::new('deliveries', 'deliveries', [CompletionResultType]::ParameterValue, 'List an endpoint''s deliveries with their attempts, newest first')
            [CompletionResult]::new('redeliver', 'redeliver', [CompletionResultType]::ParameterValue, 'Queue one more attempt of a delivery, now')
            [CompletionResult]::new('verify', 'verify', [CompletionResultType]::ParameterValue, 'Check a delivery''s X-Service-Signature against its raw payload (no API call)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;webhooks;help;create' {
            break
        }
        'payctl;webhooks;help;list' {
            break
        }
        'payctl;webhooks;help;get' {
            break
        }
        'payctl;webhooks;help;update' {
            break
        }
        'payctl;webhooks;help;delete' {
            break
        }
        'payctl;webhooks;help;rotate-secret' {
            break
        }
        'payctl;webhooks;help;deliveries' {
            break
        }
        'payctl;webhooks;help;redeliver' {
            break
        }
        'payctl;webhooks;help;verify' {
            break
        }
        'payctl;webhooks;help;help' {
            break
        }
        'payctl;logs' {
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
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List request logs, newest first')
            [CompletionResult]::new('tail', 'tail', [CompletionResultType]::ParameterValue, 'Print new request logs as they arrive, until Ctrl-C')
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Turn request logs (oldest first) into a fixture that replays them: ids of objects created in the sequence become references, redacted values become ${env.REDACTED_<FIELD>} placeholders')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;logs;list' {
            [CompletionResult]::new('--method', '--method', [CompletionResultType]::ParameterName, 'Only this HTTP method')
            [CompletionResult]::new('--endpoint', '--endpoint', [CompletionResultType]::ParameterName, 'Only this path and the paths below it, e.g. /v1/customers')
            [CompletionResult]::new('--status-gte', '--status-gte', [CompletionResultType]::ParameterName, 'Only status codes at or above this')
            [CompletionResult]::new('--status-lte', '--status-lte', [CompletionResultType]::ParameterName, 'Only status codes at or below this')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'Only requests at or after this time (ISO 8601)')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Only requests at or before this time (ISO 8601)')
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
        'payctl;logs;tail' {
            [CompletionResult]::new('--method', '--method', [CompletionResultType]::ParameterName, 'Only this HTTP method')
            [CompletionResult]::new('--endpoint', '--endpoint', [CompletionResultType]::ParameterName, 'Only this path and the paths below it, e.g. /v1/customers')
            [CompletionResult]::new('--status-gte', '--status-gte', [CompletionResultType]::ParameterName, 'Only status codes at or above this')
            [CompletionResult]::new('--status-lte', '--status-lte', [CompletionResultType]::ParameterName, 'Only status codes at or below this')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'Only requests at or after this time (ISO 8601)')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Only requests at or before this time (ISO 8601)')
            [CompletionResult]::new('--interval', '--interval', [CompletionResultType]::ParameterName, 'Seconds between polls')
            [CompletionResult]::new('--lines', '--lines', [CompletionResultType]::ParameterName, 'Entries to show before following')
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
        'payctl;logs;export' {
            [CompletionResult]::new('--method', '--method', [CompletionResultType]::ParameterName, 'Only this HTTP method')
            [CompletionResult]::new('--endpoint', '--endpoint', [CompletionResultType]::ParameterName, 'Only this path and the paths below it, e.g. /v1/customers')
            [CompletionResult]::new('--status-gte', '--status-gte', [CompletionResultType]::ParameterName, 'Only status codes at or above this')
            [CompletionResult]::new('--status-lte', '--status-lte', [CompletionResultType]::ParameterName, 'Only status codes at or below this')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'Only requests at or after this time (ISO 8601)')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Only requests at or before this time (ISO 8601)')
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'The fixture''s name')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Write the fixture here instead of standard output')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Write the fixture here instead of standard output')
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
        'payctl;logs;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List request logs, newest first')
            [CompletionResult]::new('tail', 'tail', [CompletionResultType]::ParameterValue, 'Print new request logs as they arrive, until Ctrl-C')
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Turn request logs (oldest first) into a fixture that replays them: ids of objects created in the sequence become references, redacted values become ${env.REDACTED_<FIELD>} placeholders')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;logs;help;list' {
            break
        }
        'payctl;logs;help;tail' {
            break
        }
        'payctl;logs;help;export' {
            break
        }
        'payctl;logs;help;help' {
            break
        }
        'payctl;listen' {
            [CompletionResult]::new('--forward-to', '--forward-to', [CompletionResultType]::ParameterName, 'Forward each verified delivery to this URL, raw body and original headers')
            [CompletionResult]::new('--events', '--events', [CompletionResultType]::ParameterName, 'Event types to receive, comma-separated [default: all]')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'Local port to listen on; 0 picks a free one')
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
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Run this fixture after the sandbox starts listening and before the ready line; repeatable, run in order. A failing one stops the sandbox')
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
            [CompletionResult]::new('reset', 'reset', [CompletionResultType]::ParameterValue, 'Wipe a running sandbox back to its seeded state (POST /sandbox/reset)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;sandbox;reset' {
            [CompletionResult]::new('--ready', '--ready', [CompletionResultType]::ParameterName, 'The sandbox''s ready line: its base URL and control token')
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
        'payctl;sandbox;help' {
            [CompletionResult]::new('reset', 'reset', [CompletionResultType]::ParameterValue, 'Wipe a running sandbox back to its seeded state (POST /sandbox/reset)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;sandbox;help;reset' {
            break
        }
        'payctl;sandbox;help;help' {
            break
        }
        'payctl;fixtures' {
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
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Run fixture files in order; stops at the first failed step')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;fixtures;run' {
            [CompletionResult]::new('--ready', '--ready', [CompletionResultType]::ParameterName, 'A sandbox''s ready line (`payctl sandbox --json`): base URL and credentials')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Print the requests instead of sending them; references to earlier responses are shown as written')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show requests and responses on stderr, secrets masked')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'payctl;fixtures;help' {
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Run fixture files in order; stops at the first failed step')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'payctl;fixtures;help;run' {
            break
        }
        'payctl;fixtures;help;help' {
            break
        }
        'payctl;trigger' {
            [CompletionResult]::new('--ready', '--ready', [CompletionResultType]::ParameterName, 'A sandbox''s ready line (`payctl sandbox --json`): base URL and credentials')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Profile of the config file to use')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]')
            [CompletionResult]::new('--auth-url', '--auth-url', [CompletionResultType]::ParameterName, 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]')
            [CompletionResult]::new('--api-key', '--api-key', [CompletionResultType]::ParameterName, 'API key secret for X-API-Key calls, instead of the profile''s stored key')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format [default: table on a terminal, json otherwise]')
            [CompletionResult]::new('--request-id', '--request-id', [CompletionResultType]::ParameterName, 'X-Request-ID to send; the API echoes it as correlation_id')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Print the requests instead of sending them')
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
            [CompletionResult]::new('customers', 'customers', [CompletionResultType]::ParameterValue, 'Create, list and inspect customers; approve or reject them in the sandbox')
            [CompletionResult]::new('beneficiaries', 'beneficiaries', [CompletionResultType]::ParameterValue, 'Create, list and inspect beneficiaries and their payout accounts')
            [CompletionResult]::new('accounts', 'accounts', [CompletionResultType]::ParameterValue, 'Settlement accounts and wallets, balances, customer accounts')
            [CompletionResult]::new('wallets', 'wallets', [CompletionResultType]::ParameterValue, 'Validate addresses; manage the partner''s wallets')
            [CompletionResult]::new('pricing', 'pricing', [CompletionResultType]::ParameterValue, 'Markups, corridors and fee simulation')
            [CompletionResult]::new('quotes', 'quotes', [CompletionResultType]::ParameterValue, 'Create, inspect and accept transaction quotes')
            [CompletionResult]::new('transfer', 'transfer', [CompletionResultType]::ParameterValue, 'Send money, guided: quote, confirm, accept, create, optionally wait')
            [CompletionResult]::new('payments', 'payments', [CompletionResultType]::ParameterValue, 'Payments collected on a virtual IBAN (TEST keys only)')
            [CompletionResult]::new('transfers', 'transfers', [CompletionResultType]::ParameterValue, 'Transfers: payins, payouts, bridges and on-chain swaps')
            [CompletionResult]::new('swaps', 'swaps', [CompletionResultType]::ParameterValue, 'On-chain stablecoin swaps (onchain-fx)')
            [CompletionResult]::new('transactions', 'transactions', [CompletionResultType]::ParameterValue, 'List and inspect transactions')
            [CompletionResult]::new('webhooks', 'webhooks', [CompletionResultType]::ParameterValue, 'Webhook endpoints, deliveries, and signature verification')
            [CompletionResult]::new('logs', 'logs', [CompletionResultType]::ParameterValue, 'Request logs of the application: list with filters, or follow')
            [CompletionResult]::new('listen', 'listen', [CompletionResultType]::ParameterValue, 'Receive webhooks locally: verify, print and forward each delivery')
            [CompletionResult]::new('api', 'api', [CompletionResultType]::ParameterValue, 'Send one raw request to the API, like `gh api`: for support and debugging')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('sandbox', 'sandbox', [CompletionResultType]::ParameterValue, 'Run the whole API locally (axum over SQLite) with demo data')
            [CompletionResult]::new('fixtures', 'fixtures', [CompletionResultType]::ParameterValue, 'Run fixtures: JSON scenario files of API steps')
            [CompletionResult]::new('trigger', 'trigger', [CompletionResultType]::ParameterValue, 'Fire a webhook event by running its shipped fixture')
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
        'payctl;help;customers' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a customer (`POST /v1/customers`); verification starts pending')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List customers, newest first')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one customer')
            [CompletionResult]::new('approve', 'approve', [CompletionResultType]::ParameterValue, 'Sandbox only: approve a pending customer''s verification (TEST key)')
            [CompletionResult]::new('reject', 'reject', [CompletionResultType]::ParameterValue, 'Sandbox only: reject a pending customer''s verification (TEST key)')
            break
        }
        'payctl;help;customers;create' {
            break
        }
        'payctl;help;customers;list' {
            break
        }
        'payctl;help;customers;get' {
            break
        }
        'payctl;help;customers;approve' {
            break
        }
        'payctl;help;customers;reject' {
            break
        }
        'payctl;help;beneficiaries' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a beneficiary with its payout account (`POST /v1/beneficiaries`)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a customer''s beneficiaries, newest first')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one beneficiary')
            break
        }
        'payctl;help;beneficiaries;create' {
            break
        }
        'payctl;help;beneficiaries;list' {
            break
        }
        'payctl;help;beneficiaries;get' {
            break
        }
        'payctl;help;accounts' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Open a fiat settlement account or a stablecoin wallet (`POST /v1/accounts`)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the application''s settlement accounts and wallets, newest first')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one settlement account or wallet')
            [CompletionResult]::new('balances', 'balances', [CompletionResultType]::ParameterValue, 'The application''s own ledger accounts (float, fees, settlement, wallets) with balances')
            [CompletionResult]::new('customer', 'customer', [CompletionResultType]::ParameterValue, 'A customer''s ledger accounts (`GET /v1/customers/{id}/accounts`)')
            break
        }
        'payctl;help;accounts;create' {
            break
        }
        'payctl;help;accounts;list' {
            break
        }
        'payctl;help;accounts;get' {
            break
        }
        'payctl;help;accounts;balances' {
            break
        }
        'payctl;help;accounts;customer' {
            break
        }
        'payctl;help;wallets' {
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check an address for a network (public route: no credential needed)')
            [CompletionResult]::new('partner', 'partner', [CompletionResultType]::ParameterValue, 'The partner''s wallets, one per network and role (dashboard login)')
            break
        }
        'payctl;help;wallets;validate' {
            break
        }
        'payctl;help;wallets;partner' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the partner''s wallets, by network then role')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Set the partner''s wallet for a network and role (replaces its address)')
            break
        }
        'payctl;help;wallets;partner;list' {
            break
        }
        'payctl;help;wallets;partner;set' {
            break
        }
        'payctl;help;pricing' {
            [CompletionResult]::new('markup', 'markup', [CompletionResultType]::ParameterValue, 'The markup added to the platform fee, for the partner or one customer')
            [CompletionResult]::new('corridors', 'corridors', [CompletionResultType]::ParameterValue, 'The corridors of the service with their mid rates')
            [CompletionResult]::new('simulate', 'simulate', [CompletionResultType]::ParameterValue, 'Price a transfer: fee, net amount, rate and destination amount')
            break
        }
        'payctl;help;pricing;markup' {
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show the markup that applies (the customer''s, else the partner''s, else the default)')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Replace the partner''s markup, or a customer''s override; omitted options are cleared')
            [CompletionResult]::new('clear', 'clear', [CompletionResultType]::ParameterValue, 'Remove a customer''s override: the partner''s markup applies again')
            break
        }
        'payctl;help;pricing;markup;get' {
            break
        }
        'payctl;help;pricing;markup;set' {
            break
        }
        'payctl;help;pricing;markup;clear' {
            break
        }
        'payctl;help;pricing;corridors' {
            break
        }
        'payctl;help;pricing;simulate' {
            break
        }
        'payctl;help;quotes' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Price a movement and lock its rate (`POST /v1/transactions/quote`)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one quote; a quote not accepted in time reads EXPIRED')
            [CompletionResult]::new('accept', 'accept', [CompletionResultType]::ParameterValue, 'Accept a quote before it expires, so a transaction can use it')
            break
        }
        'payctl;help;quotes;create' {
            break
        }
        'payctl;help;quotes;get' {
            break
        }
        'payctl;help;quotes;accept' {
            break
        }
        'payctl;help;transfer' {
            break
        }
        'payctl;help;payments' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a payment for an accepted legacy quote; prints the collection instructions')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List payments, newest first')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one payment')
            [CompletionResult]::new('fund', 'fund', [CompletionResultType]::ParameterValue, 'Sandbox only: mark a payment''s funds as received (TEST key)')
            break
        }
        'payctl;help;payments;create' {
            break
        }
        'payctl;help;payments;list' {
            break
        }
        'payctl;help;payments;get' {
            break
        }
        'payctl;help;payments;fund' {
            break
        }
        'payctl;help;transfers' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Start a transfer (`POST /v1/transfers`); the body names its kind')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one transfer')
            break
        }
        'payctl;help;transfers;create' {
            break
        }
        'payctl;help;transfers;get' {
            break
        }
        'payctl;help;swaps' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Swap one stablecoin for another on chain (`POST /v1/onchain-fx`)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one swap in the shape of spec 2.11 (`GET /v1/onchain-fx/{fx_id}`)')
            break
        }
        'payctl;help;swaps;create' {
            break
        }
        'payctl;help;swaps;get' {
            break
        }
        'payctl;help;transactions' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List transactions, newest first')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one transaction, by its id or its txn_ external id')
            break
        }
        'payctl;help;transactions;list' {
            break
        }
        'payctl;help;transactions;get' {
            break
        }
        'payctl;help;webhooks' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Register an endpoint; its signing secret is shown only in this answer')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List endpoints, newest first (secrets masked)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one endpoint (secret masked)')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change an endpoint''s URL, description, events or status')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete an endpoint and its deliveries')
            [CompletionResult]::new('rotate-secret', 'rotate-secret', [CompletionResultType]::ParameterValue, 'Replace an endpoint''s signing secret; the old one signs nothing more')
            [CompletionResult]::new('deliveries', 'deliveries', [CompletionResultType]::ParameterValue, 'List an endpoint''s deliveries with their attempts, newest first')
            [CompletionResult]::new('redeliver', 'redeliver', [CompletionResultType]::ParameterValue, 'Queue one more attempt of a delivery, now')
            [CompletionResult]::new('verify', 'verify', [CompletionResultType]::ParameterValue, 'Check a delivery''s X-Service-Signature against its raw payload (no API call)')
            break
        }
        'payctl;help;webhooks;create' {
            break
        }
        'payctl;help;webhooks;list' {
            break
        }
        'payctl;help;webhooks;get' {
            break
        }
        'payctl;help;webhooks;update' {
            break
        }
        'payctl;help;webhooks;delete' {
            break
        }
        'payctl;help;webhooks;rotate-secret' {
            break
        }
        'payctl;help;webhooks;deliveries' {
            break
        }
        'payctl;help;webhooks;redeliver' {
            break
        }
        'payctl;help;webhooks;verify' {
            break
        }
        'payctl;help;logs' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List request logs, newest first')
            [CompletionResult]::new('tail', 'tail', [CompletionResultType]::ParameterValue, 'Print new request logs as they arrive, until Ctrl-C')
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Turn request logs (oldest first) into a fixture that replays them: ids of objects created in the sequence become references, redacted values become ${env.REDACTED_<FIELD>} placeholders')
            break
        }
        'payctl;help;logs;list' {
            break
        }
        'payctl;help;logs;tail' {
            break
        }
        'payctl;help;logs;export' {
            break
        }
        'payctl;help;listen' {
            break
        }
        'payctl;help;api' {
            break
        }
        'payctl;help;completions' {
            break
        }
        'payctl;help;sandbox' {
            [CompletionResult]::new('reset', 'reset', [CompletionResultType]::ParameterValue, 'Wipe a running sandbox back to its seeded state (POST /sandbox/reset)')
            break
        }
        'payctl;help;sandbox;reset' {
            break
        }
        'payctl;help;fixtures' {
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Run fixture files in order; stops at the first failed step')
            break
        }
        'payctl;help;fixtures;run' {
            break
        }
        'payctl;help;trigger' {
            break
        }
        'payctl;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
