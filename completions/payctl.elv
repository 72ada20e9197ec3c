
use builtin;
use str;

set edit:completion:arg-completer[payctl] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'payctl'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'payctl'= {
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand config 'Show and edit profiles (config.toml)'
            cand login 'Log in to the dashboard with the password grant'
            cand logout 'Forget the profile''s login tokens'
            cand whoami 'Show the logged-in dashboard user and partner'
            cand apps 'Create, list, inspect and deactivate applications'
            cand keys 'Create, list, revoke and rotate API keys'
            cand api 'Send one raw request to the API, like `gh api`: for support and debugging'
            cand completions 'Print a shell completion script'
            cand sandbox 'Run the whole API locally (axum over SQLite) with demo data'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;config'= {
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help'
            cand --help 'Print help'
            cand show 'Show the selected profile''s settings as they resolve (flags, environment, profile, defaults)'
            cand set 'Set one key of the selected profile; an empty VALUE unsets it'
            cand use 'Make PROFILE the default for later commands'
            cand list 'List the profiles; the default one is marked'
            cand init 'Create a profile from the JSON ready line of `payctl sandbox --json`'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;config;show'= {
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'payctl;config;set'= {
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'payctl;config;use'= {
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'payctl;config;list'= {
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'payctl;config;init'= {
            cand --from-ready 'File holding the ready line, or `-` for standard input'
            cand --name 'Profile to create or overwrite [default: the selected profile]'
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand --no-use 'Keep the current default profile instead of switching to the new one'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'payctl;config;help'= {
            cand show 'Show the selected profile''s settings as they resolve (flags, environment, profile, defaults)'
            cand set 'Set one key of the selected profile; an empty VALUE unsets it'
            cand use 'Make PROFILE the default for later commands'
            cand list 'List the profiles; the default one is marked'
            cand init 'Create a profile from the JSON ready line of `payctl sandbox --json`'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;config;help;show'= {
        }
        &'payctl;config;help;set'= {
        }
        &'payctl;config;help;use'= {
        }
        &'payctl;config;help;list'= {
        }
        &'payctl;config;help;init'= {
        }
        &'payctl;config;help;help'= {
        }
        &'payctl;login'= {
            cand --username 'Dashboard user name [default: the profile''s username]'
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand --password-stdin 'Read the password from standard input (for scripts)'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'payctl;logout'= {
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'payctl;whoami'= {
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'payctl;apps'= {
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help'
            cand --help 'Print help'
            cand create 'Create an application; its environment is fixed for life'
            cand list 'List applications, newest first'
            cand get 'Show one application'
            cand deactivate 'Deactivate an application: its keys then answer 403 ATH_0002'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;apps;create'= {
            cand --name 'name'
            cand --environment 'environment'
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'payctl;apps;list'= {
            cand --limit 'Records per page, 1 to 100'
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand --all 'Follow next_cursor until the last page'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'payctl;apps;get'= {
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'payctl;apps;deactivate'= {
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'payctl;apps;help'= {
            cand create 'Create an application; its environment is fixed for life'
            cand list 'List applications, newest first'
            cand get 'Show one application'
            cand deactivate 'Deactivate an application: its keys then answer 403 ATH_0002'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;apps;help;create'= {
        }
        &'payctl;apps;help;list'= {
        }
        &'payctl;apps;help;get'= {
        }
        &'payctl;apps;help;deactivate'= {
        }
        &'payctl;apps;help;help'= {
        }
        &'payctl;keys'= {
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help'
            cand --help 'Print help'
            cand create 'Create a key; its secret exists only in this answer, so keep it with --save or see it with --show-secret'
            cand list 'List the keys of an application, newest first (never their secrets)'
            cand revoke 'Revoke a key at once; calls with it then answer 401'
            cand rotate 'Create a new key, switch the profile to it, then revoke the old one'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;keys;create'= {
            cand --app 'Application id [default: the profile''s application_id]'
            cand --name 'A label to tell keys apart'
            cand --expires-at 'Expiry, ISO 8601 in the future (e.g. 2027-01-01T00:00:00Z)'
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand --save 'Store the secret as the profile''s API key'
            cand --show-secret 'Print the secret; it cannot be read again later'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'payctl;keys;list'= {
            cand --app 'Application id [default: the profile''s application_id]'
            cand --limit 'Records per page, 1 to 100'
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand --all 'Follow next_cursor until the last page'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'payctl;keys;revoke'= {
            cand --app 'Application id [default: the profile''s application_id]'
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'payctl;keys;rotate'= {
            cand --app 'Application id [default: the profile''s application_id]'
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand --show-secret 'Also print the new secret (it is stored in the profile either way)'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'payctl;keys;help'= {
            cand create 'Create a key; its secret exists only in this answer, so keep it with --save or see it with --show-secret'
            cand list 'List the keys of an application, newest first (never their secrets)'
            cand revoke 'Revoke a key at once; calls with it then answer 401'
            cand rotate 'Create a new key, switch the profile to it, then revoke the old one'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;keys;help;create'= {
        }
        &'payctl;keys;help;list'= {
        }
        &'payctl;keys;help;revoke'= {
        }
        &'payctl;keys;help;rotate'= {
        }
        &'payctl;keys;help;help'= {
        }
        &'payctl;api'= {
            cand --data 'JSON request body'
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand --bearer 'Authenticate with the dashboard login instead of the API key'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'payctl;completions'= {
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'payctl;sandbox'= {
            cand --listen 'Address to listen on; port 0 picks a free port'
            cand --db 'SQLite database file (default: sandbox.db in the user''s data directory)'
            cand --rate-limit 'Per-API-key rate limits: PER_MINUTE[/PER_HOUR] (default 100/5000), or `off` (e.g. for load tests). PER_MINUTE alone sets PER_HOUR to 60 times it'
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand --in-memory 'Keep everything in memory; nothing is written to disk'
            cand --json 'Print the ready line as one JSON object on stdout (for scripts)'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'payctl;help'= {
            cand config 'Show and edit profiles (config.toml)'
            cand login 'Log in to the dashboard with the password grant'
            cand logout 'Forget the profile''s login tokens'
            cand whoami 'Show the logged-in dashboard user and partner'
            cand apps 'Create, list, inspect and deactivate applications'
            cand keys 'Create, list, revoke and rotate API keys'
            cand api 'Send one raw request to the API, like `gh api`: for support and debugging'
            cand completions 'Print a shell completion script'
            cand sandbox 'Run the whole API locally (axum over SQLite) with demo data'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;help;config'= {
            cand show 'Show the selected profile''s settings as they resolve (flags, environment, profile, defaults)'
            cand set 'Set one key of the selected profile; an empty VALUE unsets it'
            cand use 'Make PROFILE the default for later commands'
            cand list 'List the profiles; the default one is marked'
            cand init 'Create a profile from the JSON ready line of `payctl sandbox --json`'
        }
        &'payctl;help;config;show'= {
        }
        &'payctl;help;config;set'= {
        }
        &'payctl;help;config;use'= {
        }
        &'payctl;help;config;list'= {
        }
        &'payctl;help;config;init'= {
        }
        &'payctl;help;login'= {
        }
        &'payctl;help;logout'= {
        }
        &'payctl;help;whoami'= {
        }
        &'payctl;help;apps'= {
            cand create 'Create an application; its environment is fixed for life'
            cand list 'List applications, newest first'
            cand get 'Show one application'
            cand deactivate 'Deactivate an application: its keys then answer 403 ATH_0002'
        }
        &'payctl;help;apps;create'= {
        }
        &'payctl;help;apps;list'= {
        }
        &'payctl;help;apps;get'= {
        }
        &'payctl;help;apps;deactivate'= {
        }
        &'payctl;help;keys'= {
            cand create 'Create a key; its secret exists only in this answer, so keep it with --save or see it with --show-secret'
            cand list 'List the keys of an application, newest first (never their secrets)'
            cand revoke 'Revoke a key at once; calls with it then answer 401'
            cand rotate 'Create a new key, switch the profile to it, then revoke the old one'
        }
        &'payctl;help;keys;create'= {
        }
        &'payctl;help;keys;list'= {
        }
        &'payctl;help;keys;revoke'= {
        }
        &'payctl;help;keys;rotate'= {
        }
        &'payctl;help;api'= {
        }
        &'payctl;help;completions'= {
        }
        &'payctl;help;sandbox'= {
        }
        &'payctl;help;help'= {
        }
    ]
    $completions[$command]
}
