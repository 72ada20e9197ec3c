
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
            cand customers 'Create, list and inspect customers; approve or reject them in the sandbox'
            cand beneficiaries 'Create, list and inspect beneficiaries and their payout accounts'
            cand accounts 'Settlement accounts and wallets, balances, customer accounts'
            cand wallets 'Validate addresses; manage the partner''s wallets'
            cand pricing 'Markups, corridors and fee simulation'
            cand quotes 'Create, inspect and accept transaction quotes'
            cand transfer 'Send money, guided: quote, confirm, accept, create, optionally wait'
            cand payments 'Payments collected on a virtual IBAN (TEST keys only)'
            cand transfers 'Transfers: payins, payouts, bridges and on-chain swaps'
            cand swaps 'On-chain stablecoin swaps (onchain-fx)'
            cand transactions 'List and inspect transactions'
            cand webhooks 'Webhook endpoints, deliveries, and signature verification'
            cand logs 'Request logs of the application: list with filters, or follow'
            cand listen 'Receive webhooks locally: verify, print and forward each delivery'
            cand api 'Send one raw request to the API, like `gh api`: for support and debugging'
            cand completions 'Print a shell completion script'
            cand sandbox 'Run the whole API locally (axum over SQLite) with demo data'
            cand fixtures 'Run fixtures: JSON scenario files of API steps'
            cand trigger 'Fire a webhook event by running its shipped fixture'
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
        &'payctl;customers'= {
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
            cand create 'Create a customer (`POST /v1/customers`); verification starts pending'
            cand list 'List customers, newest first'
            cand get 'Show one customer'
            cand approve 'Sandbox only: approve a pending customer''s verification (TEST key)'
            cand reject 'Sandbox only: reject a pending customer''s verification (TEST key)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;customers;create'= {
            cand --type '`business` or `individual`'
            cand --legal-name 'Registered or full name, 1 to 256 characters'
            cand --email 'Unique per application, ignoring case'
            cand --country 'ISO 3166-1 alpha-2 code, e.g. AE'
            cand --verification-level '`standard` or `enhanced`'
            cand --tax-id 'Tax identifier, 1 to 64 characters'
            cand --data 'Request body as JSON, or @FILE to read it from a file (@- for stdin); flags override its fields'
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
        &'payctl;customers;list'= {
            cand --status 'Only customers whose verification (kyb_status) is this'
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
        &'payctl;customers;get'= {
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
        &'payctl;customers;approve'= {
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
        &'payctl;customers;reject'= {
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
        &'payctl;customers;help'= {
            cand create 'Create a customer (`POST /v1/customers`); verification starts pending'
            cand list 'List customers, newest first'
            cand get 'Show one customer'
            cand approve 'Sandbox only: approve a pending customer''s verification (TEST key)'
            cand reject 'Sandbox only: reject a pending customer''s verification (TEST key)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;customers;help;create'= {
        }
        &'payctl;customers;help;list'= {
        }
        &'payctl;customers;help;get'= {
        }
        &'payctl;customers;help;approve'= {
        }
        &'payctl;customers;help;reject'= {
        }
        &'payctl;customers;help;help'= {
        }
        &'payctl;beneficiaries'= {
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
            cand create 'Create a beneficiary with its payout account (`POST /v1/beneficiaries`)'
            cand list 'List a customer''s beneficiaries, newest first'
            cand get 'Show one beneficiary'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;beneficiaries;create'= {
            cand --customer 'The customer who pays out to this beneficiary'
            cand --type '`business` or `individual`'
            cand --full-name '1 to 256 characters'
            cand --country 'ISO 3166-1 alpha-2 code'
            cand --gov-id-ref 'Government id reference (individuals only)'
            cand --asset 'The account''s destination asset: a fiat code for a bank account, USDC or USDT for a wallet'
            cand --iban 'Bank account: IBAN (spaces and any case accepted)'
            cand --bank-name 'Bank account: bank name'
            cand --bank-country 'Bank account: the bank''s country, which must be the IBAN''s'
            cand --routing 'Bank account: BIC, sort code or other routing code'
            cand --network 'Wallet: network code (ethereum, tron, solana...)'
            cand --address 'Wallet: address on that network'
            cand --data 'Request body as JSON, or @FILE to read it from a file (@- for stdin); flags override its fields'
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand --default 'Make this account the customer''s default for its asset'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'payctl;beneficiaries;list'= {
            cand --customer 'The customer whose beneficiaries to list'
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
        &'payctl;beneficiaries;get'= {
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
        &'payctl;beneficiaries;help'= {
            cand create 'Create a beneficiary with its payout account (`POST /v1/beneficiaries`)'
            cand list 'List a customer''s beneficiaries, newest first'
            cand get 'Show one beneficiary'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;beneficiaries;help;create'= {
        }
        &'payctl;beneficiaries;help;list'= {
        }
        &'payctl;beneficiaries;help;get'= {
        }
        &'payctl;beneficiaries;help;help'= {
        }
        &'payctl;accounts'= {
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
            cand create 'Open a fiat settlement account or a stablecoin wallet (`POST /v1/accounts`)'
            cand list 'List the application''s settlement accounts and wallets, newest first'
            cand get 'Show one settlement account or wallet'
            cand balances 'The application''s own ledger accounts (float, fees, settlement, wallets) with balances'
            cand customer 'A customer''s ledger accounts (`GET /v1/customers/{id}/accounts`)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;accounts;create'= {
            cand --type '`fiat` or `stablecoin`'
            cand --currency 'Asset code: AED for fiat, USDC or USDT for stablecoin'
            cand --corridor 'Fiat only: the corridor, e.g. uae'
            cand --network 'Stablecoin only: the network code'
            cand --wallet-mode 'Stablecoin only: `mpc` (address provisioned) or `self_custody`'
            cand --external-address 'Self-custody wallets: your address on the network'
            cand --label 'A label, at most 128 characters'
            cand --data 'Request body as JSON, or @FILE to read it from a file (@- for stdin); flags override its fields'
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
        &'payctl;accounts;list'= {
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
        &'payctl;accounts;get'= {
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
        &'payctl;accounts;balances'= {
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
        &'payctl;accounts;customer'= {
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
        &'payctl;accounts;help'= {
            cand create 'Open a fiat settlement account or a stablecoin wallet (`POST /v1/accounts`)'
            cand list 'List the application''s settlement accounts and wallets, newest first'
            cand get 'Show one settlement account or wallet'
            cand balances 'The application''s own ledger accounts (float, fees, settlement, wallets) with balances'
            cand customer 'A customer''s ledger accounts (`GET /v1/customers/{id}/accounts`)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;accounts;help;create'= {
        }
        &'payctl;accounts;help;list'= {
        }
        &'payctl;accounts;help;get'= {
        }
        &'payctl;accounts;help;balances'= {
        }
        &'payctl;accounts;help;customer'= {
        }
        &'payctl;accounts;help;help'= {
        }
        &'payctl;wallets'= {
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
            cand validate 'Check an address for a network (public route: no credential needed)'
            cand partner 'The partner''s wallets, one per network and role (dashboard login)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;wallets;validate'= {
            cand --network 'Network code: ethereum, avalanche, arbitrum, base, polygon, tron, stellar, solana, xrpl, algorand, sui'
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
        &'payctl;wallets;partner'= {
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
            cand list 'List the partner''s wallets, by network then role'
            cand set 'Set the partner''s wallet for a network and role (replaces its address)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;wallets;partner;list'= {
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
        &'payctl;wallets;partner;set'= {
            cand --network 'network'
            cand --role 'What the wallet is for'
            cand --address 'address'
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
        &'payctl;wallets;partner;help'= {
            cand list 'List the partner''s wallets, by network then role'
            cand set 'Set the partner''s wallet for a network and role (replaces its address)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;wallets;partner;help;list'= {
        }
        &'payctl;wallets;partner;help;set'= {
        }
        &'payctl;wallets;partner;help;help'= {
        }
        &'payctl;wallets;help'= {
            cand validate 'Check an address for a network (public route: no credential needed)'
            cand partner 'The partner''s wallets, one per network and role (dashboard login)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;wallets;help;validate'= {
        }
        &'payctl;wallets;help;partner'= {
            cand list 'List the partner''s wallets, by network then role'
            cand set 'Set the partner''s wallet for a network and role (replaces its address)'
        }
        &'payctl;wallets;help;partner;list'= {
        }
        &'payctl;wallets;help;partner;set'= {
        }
        &'payctl;wallets;help;help'= {
        }
        &'payctl;pricing'= {
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
            cand markup 'The markup added to the platform fee, for the partner or one customer'
            cand corridors 'The corridors of the service with their mid rates'
            cand simulate 'Price a transfer: fee, net amount, rate and destination amount'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;pricing;markup'= {
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
            cand get 'Show the markup that applies (the customer''s, else the partner''s, else the default)'
            cand set 'Replace the partner''s markup, or a customer''s override; omitted options are cleared'
            cand clear 'Remove a customer''s override: the partner''s markup applies again'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;pricing;markup;get'= {
            cand --customer 'A customer''s markup instead of the partner''s'
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
        &'payctl;pricing;markup;set'= {
            cand --customer 'A customer''s markup instead of the partner''s'
            cand --kind 'kind'
            cand --value 'Basis points (at most 10000), or minor units of --currency for FLAT'
            cand --currency 'FLAT only: the currency of the value'
            cand --min-fee 'Lowest fee, in minor units of the source currency'
            cand --max-fee 'Highest fee, in minor units of the source currency'
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'payctl;pricing;markup;clear'= {
            cand --customer 'The customer whose override to remove (the partner markup itself is replaced with `set`)'
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
        &'payctl;pricing;markup;help'= {
            cand get 'Show the markup that applies (the customer''s, else the partner''s, else the default)'
            cand set 'Replace the partner''s markup, or a customer''s override; omitted options are cleared'
            cand clear 'Remove a customer''s override: the partner''s markup applies again'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;pricing;markup;help;get'= {
        }
        &'payctl;pricing;markup;help;set'= {
        }
        &'payctl;pricing;markup;help;clear'= {
        }
        &'payctl;pricing;markup;help;help'= {
        }
        &'payctl;pricing;corridors'= {
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
        &'payctl;pricing;simulate'= {
            cand --amount 'Source amount in integer minor units of --from'
            cand --from 'Source currency code'
            cand --to 'Destination currency code'
            cand --rate 'Exchange rate as an exact decimal [default: the rate table''s]'
            cand --customer 'Apply this customer''s markup override'
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
        &'payctl;pricing;help'= {
            cand markup 'The markup added to the platform fee, for the partner or one customer'
            cand corridors 'The corridors of the service with their mid rates'
            cand simulate 'Price a transfer: fee, net amount, rate and destination amount'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;pricing;help;markup'= {
            cand get 'Show the markup that applies (the customer''s, else the partner''s, else the default)'
            cand set 'Replace the partner''s markup, or a customer''s override; omitted options are cleared'
            cand clear 'Remove a customer''s override: the partner''s markup applies again'
        }
        &'payctl;pricing;help;markup;get'= {
        }
        &'payctl;pricing;help;markup;set'= {
        }
        &'payctl;pricing;help;markup;clear'= {
        }
        &'payctl;pricing;help;corridors'= {
        }
        &'payctl;pricing;help;simulate'= {
        }
        &'payctl;pricing;help;help'= {
        }
        &'payctl;quotes'= {
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
            cand create 'Price a movement and lock its rate (`POST /v1/transactions/quote`)'
            cand get 'Show one quote; a quote not accepted in time reads EXPIRED'
            cand accept 'Accept a quote before it expires, so a transaction can use it'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;quotes;create'= {
            cand --corridor 'Corridor id, e.g. uae'
            cand --from 'Source asset code, e.g. AED or USD'
            cand --amount-minor 'Source amount in integer minor units of the source asset (1050 is 10.50 AED)'
            cand --to 'Destination asset code, e.g. EUR or USDC'
            cand --kind 'Kind of destination'
            cand --customer 'The sending customer; its markup override then applies'
            cand --data 'Request body as JSON, or @FILE to read it from a file (@- for stdin); flags override its fields'
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
        &'payctl;quotes;get'= {
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
        &'payctl;quotes;accept'= {
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
        &'payctl;quotes;help'= {
            cand create 'Price a movement and lock its rate (`POST /v1/transactions/quote`)'
            cand get 'Show one quote; a quote not accepted in time reads EXPIRED'
            cand accept 'Accept a quote before it expires, so a transaction can use it'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;quotes;help;create'= {
        }
        &'payctl;quotes;help;get'= {
        }
        &'payctl;quotes;help;accept'= {
        }
        &'payctl;quotes;help;help'= {
        }
        &'payctl;transfer'= {
            cand --corridor 'Corridor id, e.g. uae'
            cand --from 'Source asset code, e.g. AED or USD'
            cand --amount-minor 'Source amount in integer minor units of the source asset (1050 is 10.50 AED)'
            cand --to 'Destination asset code, e.g. EUR or USDC'
            cand --kind 'Kind of destination'
            cand --customer 'The sending customer; its markup override then applies'
            cand --data 'Request body as JSON, or @FILE to read it from a file (@- for stdin); flags override its fields'
            cand --beneficiary 'The beneficiary whose account receives the destination asset'
            cand --idempotency-key 'Reuse the Idempotency-Key printed by an earlier run, to retry it safely'
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand --yes 'Do not ask for confirmation (required without a terminal)'
            cand --confirm-live 'With --yes on a LIVE key: confirm that real money moves'
            cand --wait 'Wait until the transaction is COMPLETED or FAILED (Ctrl-C stops waiting)'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'payctl;payments'= {
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
            cand create 'Create a payment for an accepted legacy quote; prints the collection instructions'
            cand list 'List payments, newest first'
            cand get 'Show one payment'
            cand fund 'Sandbox only: mark a payment''s funds as received (TEST key)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;payments;create'= {
            cand --quote 'An accepted, unused quote from the legacy quote endpoints'
            cand --collection-method 'collection-method'
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
        &'payctl;payments;list'= {
            cand --status 'awaiting_funds, funds_received, settled or expired'
            cand --from 'Created at or after this time (ISO 8601)'
            cand --to 'Created at or before this time (ISO 8601)'
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
        &'payctl;payments;get'= {
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
        &'payctl;payments;fund'= {
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
        &'payctl;payments;help'= {
            cand create 'Create a payment for an accepted legacy quote; prints the collection instructions'
            cand list 'List payments, newest first'
            cand get 'Show one payment'
            cand fund 'Sandbox only: mark a payment''s funds as received (TEST key)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;payments;help;create'= {
        }
        &'payctl;payments;help;list'= {
        }
        &'payctl;payments;help;get'= {
        }
        &'payctl;payments;help;fund'= {
        }
        &'payctl;payments;help;help'= {
        }
        &'payctl;transfers'= {
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
            cand create 'Start a transfer (`POST /v1/transfers`); the body names its kind'
            cand get 'Show one transfer'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;transfers;create'= {
            cand --kind 'payin, payout, bridge or onchain_fx; overrides the body''s kind'
            cand --data 'Request body as JSON, or @FILE to read it from a file (@- for stdin); flags override its fields'
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
        &'payctl;transfers;get'= {
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
        &'payctl;transfers;help'= {
            cand create 'Start a transfer (`POST /v1/transfers`); the body names its kind'
            cand get 'Show one transfer'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;transfers;help;create'= {
        }
        &'payctl;transfers;help;get'= {
        }
        &'payctl;transfers;help;help'= {
        }
        &'payctl;swaps'= {
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
            cand create 'Swap one stablecoin for another on chain (`POST /v1/onchain-fx`)'
            cand get 'Show one swap in the shape of spec 2.11 (`GET /v1/onchain-fx/{fx_id}`)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;swaps;create'= {
            cand --data 'Request body as JSON, or @FILE to read it from a file (@- for stdin); flags override its fields'
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
        &'payctl;swaps;get'= {
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
        &'payctl;swaps;help'= {
            cand create 'Swap one stablecoin for another on chain (`POST /v1/onchain-fx`)'
            cand get 'Show one swap in the shape of spec 2.11 (`GET /v1/onchain-fx/{fx_id}`)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;swaps;help;create'= {
        }
        &'payctl;swaps;help;get'= {
        }
        &'payctl;swaps;help;help'= {
        }
        &'payctl;transactions'= {
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
            cand list 'List transactions, newest first'
            cand get 'Show one transaction, by its id or its txn_ external id'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;transactions;list'= {
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
        &'payctl;transactions;get'= {
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
        &'payctl;transactions;help'= {
            cand list 'List transactions, newest first'
            cand get 'Show one transaction, by its id or its txn_ external id'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;transactions;help;list'= {
        }
        &'payctl;transactions;help;get'= {
        }
        &'payctl;transactions;help;help'= {
        }
        &'payctl;webhooks'= {
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
            cand create 'Register an endpoint; its signing secret is shown only in this answer'
            cand list 'List endpoints, newest first (secrets masked)'
            cand get 'Show one endpoint (secret masked)'
            cand update 'Change an endpoint''s URL, description, events or status'
            cand delete 'Delete an endpoint and its deliveries'
            cand rotate-secret 'Replace an endpoint''s signing secret; the old one signs nothing more'
            cand deliveries 'List an endpoint''s deliveries with their attempts, newest first'
            cand redeliver 'Queue one more attempt of a delivery, now'
            cand verify 'Check a delivery''s X-Service-Signature against its raw payload (no API call)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;webhooks;create'= {
            cand --url '`https://` URL (the sandbox also accepts `http://` on loopback)'
            cand --events 'Event types, comma-separated or repeated'
            cand --description 'description'
            cand --secret-file 'Write the new secret to this file, created with mode 0600; it must not exist'
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand --show-secret 'Print the new secret (it cannot be read again later)'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'payctl;webhooks;list'= {
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
        &'payctl;webhooks;get'= {
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
        &'payctl;webhooks;update'= {
            cand --url 'url'
            cand --description 'An empty value removes the description'
            cand --events 'Replaces the event types, comma-separated or repeated'
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand --enable 'Deliver to the endpoint again'
            cand --disable 'Stop new deliveries; pending ones wait until it is enabled'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'payctl;webhooks;delete'= {
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
        &'payctl;webhooks;rotate-secret'= {
            cand --secret-file 'Write the new secret to this file, created with mode 0600; it must not exist'
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand --show-secret 'Print the new secret (it cannot be read again later)'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'payctl;webhooks;deliveries'= {
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
        &'payctl;webhooks;redeliver'= {
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
        &'payctl;webhooks;verify'= {
            cand --secret 'The endpoint''s signing secret (whsec_...)'
            cand --header 'The X-Service-Signature value, or the whole `X-Service-Signature: value` line'
            cand --payload 'The raw payload as received: a file, or - for stdin'
            cand --tolerance 'Largest accepted distance in seconds between t and now; 0 accepts any age'
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
        &'payctl;webhooks;help'= {
            cand create 'Register an endpoint; its signing secret is shown only in this answer'
            cand list 'List endpoints, newest first (secrets masked)'
            cand get 'Show one endpoint (secret masked)'
            cand update 'Change an endpoint''s URL, description, events or status'
            cand delete 'Delete an endpoint and its deliveries'
            cand rotate-secret 'Replace an endpoint''s signing secret; the old one signs nothing more'
            cand deliveries 'List an endpoint''s deliveries with their attempts, newest first'
            cand redeliver 'Queue one more attempt of a delivery, now'
            cand verify 'Check a delivery''s X-Service-Signature against its raw payload (no API call)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;webhooks;help;create'= {
        }
        &'payctl;webhooks;help;list'= {
        }
        &'payctl;webhooks;help;get'= {
        }
        &'payctl;webhooks;help;update'= {
        }
        &'payctl;webhooks;help;delete'= {
        }
        &'payctl;webhooks;help;rotate-secret'= {
        }
        &'payctl;webhooks;help;deliveries'= {
        }
        &'payctl;webhooks;help;redeliver'= {
        }
        &'payctl;webhooks;help;verify'= {
        }
        &'payctl;webhooks;help;help'= {
        }
        &'payctl;logs'= {
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
            cand list 'List request logs, newest first'
            cand tail 'Print new request logs as they arrive, until Ctrl-C'
            cand export 'Turn request logs (oldest first) into a fixture that replays them: ids of objects created in the sequence become references, redacted values become ${env.REDACTED_<FIELD>} placeholders'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;logs;list'= {
            cand --method 'Only this HTTP method'
            cand --endpoint 'Only this path and the paths below it, e.g. /v1/customers'
            cand --status-gte 'Only status codes at or above this'
            cand --status-lte 'Only status codes at or below this'
            cand --from 'Only requests at or after this time (ISO 8601)'
            cand --to 'Only requests at or before this time (ISO 8601)'
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
        &'payctl;logs;tail'= {
            cand --method 'Only this HTTP method'
            cand --endpoint 'Only this path and the paths below it, e.g. /v1/customers'
            cand --status-gte 'Only status codes at or above this'
            cand --status-lte 'Only status codes at or below this'
            cand --from 'Only requests at or after this time (ISO 8601)'
            cand --to 'Only requests at or before this time (ISO 8601)'
            cand --interval 'Seconds between polls'
            cand --lines 'Entries to show before following'
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
        &'payctl;logs;export'= {
            cand --method 'Only this HTTP method'
            cand --endpoint 'Only this path and the paths below it, e.g. /v1/customers'
            cand --status-gte 'Only status codes at or above this'
            cand --status-lte 'Only status codes at or below this'
            cand --from 'Only requests at or after this time (ISO 8601)'
            cand --to 'Only requests at or before this time (ISO 8601)'
            cand --name 'The fixture''s name'
            cand -f 'Write the fixture here instead of standard output'
            cand --file 'Write the fixture here instead of standard output'
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
        &'payctl;logs;help'= {
            cand list 'List request logs, newest first'
            cand tail 'Print new request logs as they arrive, until Ctrl-C'
            cand export 'Turn request logs (oldest first) into a fixture that replays them: ids of objects created in the sequence become references, redacted values become ${env.REDACTED_<FIELD>} placeholders'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;logs;help;list'= {
        }
        &'payctl;logs;help;tail'= {
        }
        &'payctl;logs;help;export'= {
        }
        &'payctl;logs;help;help'= {
        }
        &'payctl;listen'= {
            cand --forward-to 'Forward each verified delivery to this URL, raw body and original headers'
            cand --events 'Event types to receive, comma-separated [default: all]'
            cand --port 'Local port to listen on; 0 picks a free one'
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
            cand --seed 'Run this fixture after the sandbox starts listening and before the ready line; repeatable, run in order. A failing one stops the sandbox'
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
            cand reset 'Wipe a running sandbox back to its seeded state (POST /sandbox/reset)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;sandbox;reset'= {
            cand --ready 'The sandbox''s ready line: its base URL and control token'
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
        &'payctl;sandbox;help'= {
            cand reset 'Wipe a running sandbox back to its seeded state (POST /sandbox/reset)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;sandbox;help;reset'= {
        }
        &'payctl;sandbox;help;help'= {
        }
        &'payctl;fixtures'= {
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
            cand run 'Run fixture files in order; stops at the first failed step'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;fixtures;run'= {
            cand --ready 'A sandbox''s ready line (`payctl sandbox --json`): base URL and credentials'
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand --dry-run 'Print the requests instead of sending them; references to earlier responses are shown as written'
            cand -v 'Show requests and responses on stderr, secrets masked'
            cand --verbose 'Show requests and responses on stderr, secrets masked'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'payctl;fixtures;help'= {
            cand run 'Run fixture files in order; stops at the first failed step'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'payctl;fixtures;help;run'= {
        }
        &'payctl;fixtures;help;help'= {
        }
        &'payctl;trigger'= {
            cand --ready 'A sandbox''s ready line (`payctl sandbox --json`): base URL and credentials'
            cand --profile 'Profile of the config file to use'
            cand --base-url 'Base URL of the API [default: the profile''s, else http://127.0.0.1:4242]'
            cand --auth-url 'Identity provider URL [default: the profile''s, else <base-url>/auth/realms/sandbox]'
            cand --api-key 'API key secret for X-API-Key calls, instead of the profile''s stored key'
            cand -o 'Output format [default: table on a terminal, json otherwise]'
            cand --output 'Output format [default: table on a terminal, json otherwise]'
            cand --request-id 'X-Request-ID to send; the API echoes it as correlation_id'
            cand --dry-run 'Print the requests instead of sending them'
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
            cand customers 'Create, list and inspect customers; approve or reject them in the sandbox'
            cand beneficiaries 'Create, list and inspect beneficiaries and their payout accounts'
            cand accounts 'Settlement accounts and wallets, balances, customer accounts'
            cand wallets 'Validate addresses; manage the partner''s wallets'
            cand pricing 'Markups, corridors and fee simulation'
            cand quotes 'Create, inspect and accept transaction quotes'
            cand transfer 'Send money, guided: quote, confirm, accept, create, optionally wait'
            cand payments 'Payments collected on a virtual IBAN (TEST keys only)'
            cand transfers 'Transfers: payins, payouts, bridges and on-chain swaps'
            cand swaps 'On-chain stablecoin swaps (onchain-fx)'
            cand transactions 'List and inspect transactions'
            cand webhooks 'Webhook endpoints, deliveries, and signature verification'
            cand logs 'Request logs of the application: list with filters, or follow'
            cand listen 'Receive webhooks locally: verify, print and forward each delivery'
            cand api 'Send one raw request to the API, like `gh api`: for support and debugging'
            cand completions 'Print a shell completion script'
            cand sandbox 'Run the whole API locally (axum over SQLite) with demo data'
            cand fixtures 'Run fixtures: JSON scenario files of API steps'
            cand trigger 'Fire a webhook event by running its shipped fixture'
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
        &'payctl;help;customers'= {
            cand create 'Create a customer (`POST /v1/customers`); verification starts pending'
            cand list 'List customers, newest first'
            cand get 'Show one customer'
            cand approve 'Sandbox only: approve a pending customer''s verification (TEST key)'
            cand reject 'Sandbox only: reject a pending customer''s verification (TEST key)'
        }
        &'payctl;help;customers;create'= {
        }
        &'payctl;help;customers;list'= {
        }
        &'payctl;help;customers;get'= {
        }
        &'payctl;help;customers;approve'= {
        }
        &'payctl;help;customers;reject'= {
        }
        &'payctl;help;beneficiaries'= {
            cand create 'Create a beneficiary with its payout account (`POST /v1/beneficiaries`)'
            cand list 'List a customer''s beneficiaries, newest first'
            cand get 'Show one beneficiary'
        }
        &'payctl;help;beneficiaries;create'= {
        }
        &'payctl;help;beneficiaries;list'= {
        }
        &'payctl;help;beneficiaries;get'= {
        }
        &'payctl;help;accounts'= {
            cand create 'Open a fiat settlement account or a stablecoin wallet (`POST /v1/accounts`)'
            cand list 'List the application''s settlement accounts and wallets, newest first'
            cand get 'Show one settlement account or wallet'
            cand balances 'The application''s own ledger accounts (float, fees, settlement, wallets) with balances'
            cand customer 'A customer''s ledger accounts (`GET /v1/customers/{id}/accounts`)'
        }
        &'payctl;help;accounts;create'= {
        }
        &'payctl;help;accounts;list'= {
        }
        &'payctl;help;accounts;get'= {
        }
        &'payctl;help;accounts;balances'= {
        }
        &'payctl;help;accounts;customer'= {
        }
        &'payctl;help;wallets'= {
            cand validate 'Check an address for a network (public route: no credential needed)'
            cand partner 'The partner''s wallets, one per network and role (dashboard login)'
        }
        &'payctl;help;wallets;validate'= {
        }
        &'payctl;help;wallets;partner'= {
            cand list 'List the partner''s wallets, by network then role'
            cand set 'Set the partner''s wallet for a network and role (replaces its address)'
        }
        &'payctl;help;wallets;partner;list'= {
        }
        &'payctl;help;wallets;partner;set'= {
        }
        &'payctl;help;pricing'= {
            cand markup 'The markup added to the platform fee, for the partner or one customer'
            cand corridors 'The corridors of the service with their mid rates'
            cand simulate 'Price a transfer: fee, net amount, rate and destination amount'
        }
        &'payctl;help;pricing;markup'= {
            cand get 'Show the markup that applies (the customer''s, else the partner''s, else the default)'
            cand set 'Replace the partner''s markup, or a customer''s override; omitted options are cleared'
            cand clear 'Remove a customer''s override: the partner''s markup applies again'
        }
        &'payctl;help;pricing;markup;get'= {
        }
        &'payctl;help;pricing;markup;set'= {
        }
        &'payctl;help;pricing;markup;clear'= {
        }
        &'payctl;help;pricing;corridors'= {
        }
        &'payctl;help;pricing;simulate'= {
        }
        &'payctl;help;quotes'= {
            cand create 'Price a movement and lock its rate (`POST /v1/transactions/quote`)'
            cand get 'Show one quote; a quote not accepted in time reads EXPIRED'
            cand accept 'Accept a quote before it expires, so a transaction can use it'
        }
        &'payctl;help;quotes;create'= {
        }
        &'payctl;help;quotes;get'= {
        }
        &'payctl;help;quotes;accept'= {
        }
        &'payctl;help;transfer'= {
        }
        &'payctl;help;payments'= {
            cand create 'Create a payment for an accepted legacy quote; prints the collection instructions'
            cand list 'List payments, newest first'
            cand get 'Show one payment'
            cand fund 'Sandbox only: mark a payment''s funds as received (TEST key)'
        }
        &'payctl;help;payments;create'= {
        }
        &'payctl;help;payments;list'= {
        }
        &'payctl;help;payments;get'= {
        }
        &'payctl;help;payments;fund'= {
        }
        &'payctl;help;transfers'= {
            cand create 'Start a transfer (`POST /v1/transfers`); the body names its kind'
            cand get 'Show one transfer'
        }
        &'payctl;help;transfers;create'= {
        }
        &'payctl;help;transfers;get'= {
        }
        &'payctl;help;swaps'= {
            cand create 'Swap one stablecoin for another on chain (`POST /v1/onchain-fx`)'
            cand get 'Show one swap in the shape of spec 2.11 (`GET /v1/onchain-fx/{fx_id}`)'
        }
        &'payctl;help;swaps;create'= {
        }
        &'payctl;help;swaps;get'= {
        }
        &'payctl;help;transactions'= {
            cand list 'List transactions, newest first'
            cand get 'Show one transaction, by its id or its txn_ external id'
        }
        &'payctl;help;transactions;list'= {
        }
        &'payctl;help;transactions;get'= {
        }
        &'payctl;help;webhooks'= {
            cand create 'Register an endpoint; its signing secret is shown only in this answer'
            cand list 'List endpoints, newest first (secrets masked)'
            cand get 'Show one endpoint (secret masked)'
            cand update 'Change an endpoint''s URL, description, events or status'
            cand delete 'Delete an endpoint and its deliveries'
            cand rotate-secret 'Replace an endpoint''s signing secret; the old one signs nothing more'
            cand deliveries 'List an endpoint''s deliveries with their attempts, newest first'
            cand redeliver 'Queue one more attempt of a delivery, now'
            cand verify 'Check a delivery''s X-Service-Signature against its raw payload (no API call)'
        }
        &'payctl;help;webhooks;create'= {
        }
        &'payctl;help;webhooks;list'= {
        }
        &'payctl;help;webhooks;get'= {
        }
        &'payctl;help;webhooks;update'= {
        }
        &'payctl;help;webhooks;delete'= {
        }
        &'payctl;help;webhooks;rotate-secret'= {
        }
        &'payctl;help;webhooks;deliveries'= {
        }
        &'payctl;help;webhooks;redeliver'= {
        }
        &'payctl;help;webhooks;verify'= {
        }
        &'payctl;help;logs'= {
            cand list 'List request logs, newest first'
            cand tail 'Print new request logs as they arrive, until Ctrl-C'
            cand export 'Turn request logs (oldest first) into a fixture that replays them: ids of objects created in the sequence become references, redacted values become ${env.REDACTED_<FIELD>} placeholders'
        }
        &'payctl;help;logs;list'= {
        }
        &'payctl;help;logs;tail'= {
        }
        &'payctl;help;logs;export'= {
        }
        &'payctl;help;listen'= {
        }
        &'payctl;help;api'= {
        }
        &'payctl;help;completions'= {
        }
        &'payctl;help;sandbox'= {
            cand reset 'Wipe a running sandbox back to its seeded state (POST /sandbox/reset)'
        }
        &'payctl;help;sandbox;reset'= {
        }
        &'payctl;help;fixtures'= {
            cand run 'Run fixture files in order; stops at the first failed step'
        }
        &'payctl;help;fixtures;run'= {
        }
        &'payctl;help;trigger'= {
        }
        &'payctl;help;help'= {
        }
    ]
    $completions[$command]
}
