# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_payctl_global_optspecs
    string join \n profile= base-url= auth-url= api-key= o/output= request-id= v/verbose h/help V/version
end

function __fish_payctl_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_payctl_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_payctl_using_subcommand
    set -l cmd (__fish_payctl_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c payctl -n "__fish_payctl_needs_command" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_needs_command" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_needs_command" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_needs_command" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_needs_command" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_needs_command" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_needs_command" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_needs_command" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_needs_command" -s V -l version -d 'Print version'
complete -c payctl -n "__fish_payctl_needs_command" -f -a "config" -d 'Show and edit profiles (config.toml)'
complete -c payctl -n "__fish_payctl_needs_command" -f -a "login" -d 'Log in to the dashboard with the password grant'
complete -c payctl -n "__fish_payctl_needs_command" -f -a "logout" -d 'Forget the profile\'s login tokens'
complete -c payctl -n "__fish_payctl_needs_command" -f -a "whoami" -d 'Show the logged-in dashboard user and partner'
complete -c payctl -n "__fish_payctl_needs_command" -f -a "apps" -d 'Create, list, inspect and deactivate applications'
complete -c payctl -n "__fish_payctl_needs_command" -f -a "keys" -d 'Create, list, revoke and rotate API keys'
complete -c payctl -n "__fish_payctl_needs_command" -f -a "customers" -d 'Create, list and inspect customers; approve or reject them in the sandbox'
complete -c payctl -n "__fish_payctl_needs_command" -f -a "beneficiaries" -d 'Create, list and inspect beneficiaries and their payout accounts'
complete -c payctl -n "__fish_payctl_needs_command" -f -a "accounts" -d 'Settlement accounts and wallets, balances, customer accounts'
complete -c payctl -n "__fish_payctl_needs_command" -f -a "wallets" -d 'Validate addresses; manage the partner\'s wallets'
complete -c payctl -n "__fish_payctl_needs_command" -f -a "pricing" -d 'Markups, corridors and fee simulation'
complete -c payctl -n "__fish_payctl_needs_command" -f -a "quotes" -d 'Create, inspect and accept transaction quotes'
complete -c payctl -n "__fish_payctl_needs_command" -f -a "transfer" -d 'Send money, guided: quote, confirm, accept, create, optionally wait'
complete -c payctl -n "__fish_payctl_needs_command" -f -a "payments" -d 'Payments collected on a virtual IBAN (TEST keys only)'
complete -c payctl -n "__fish_payctl_needs_command" -f -a "transfers" -d 'Transfers: payins, payouts, bridges and on-chain swaps'
complete -c payctl -n "__fish_payctl_needs_command" -f -a "swaps" -d 'On-chain stablecoin swaps (onchain-fx)'
complete -c payctl -n "__fish_payctl_needs_command" -f -a "transactions" -d 'List and inspect transactions'
complete -c payctl -n "__fish_payctl_needs_command" -f -a "webhooks" -d 'Webhook endpoints, deliveries, and signature verification'
complete -c payctl -n "__fish_payctl_needs_command" -f -a "logs" -d 'Request logs of the application: list with filters, or follow'
complete -c payctl -n "__fish_payctl_needs_command" -f -a "listen" -d 'Receive webhooks locally: verify, print and forward each delivery'
complete -c payctl -n "__fish_payctl_needs_command" -f -a "api" -d 'Send one raw request to the API, like `gh api`: for support and debugging'
complete -c payctl -n "__fish_payctl_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c payctl -n "__fish_payctl_needs_command" -f -a "sandbox" -d 'Run the whole API locally (axum over SQLite) with demo data'
complete -c payctl -n "__fish_payctl_needs_command" -f -a "fixtures" -d 'Run fixtures: JSON scenario files of API steps'
complete -c payctl -n "__fish_payctl_needs_command" -f -a "trigger" -d 'Fire a webhook event by running its shipped fixture'
complete -c payctl -n "__fish_payctl_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand config; and not __fish_seen_subcommand_from show set use list init help" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and not __fish_seen_subcommand_from show set use list init help" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and not __fish_seen_subcommand_from show set use list init help" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and not __fish_seen_subcommand_from show set use list init help" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and not __fish_seen_subcommand_from show set use list init help" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand config; and not __fish_seen_subcommand_from show set use list init help" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and not __fish_seen_subcommand_from show set use list init help" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand config; and not __fish_seen_subcommand_from show set use list init help" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand config; and not __fish_seen_subcommand_from show set use list init help" -f -a "show" -d 'Show the selected profile\'s settings as they resolve (flags, environment, profile, defaults)'
complete -c payctl -n "__fish_payctl_using_subcommand config; and not __fish_seen_subcommand_from show set use list init help" -f -a "set" -d 'Set one key of the selected profile; an empty VALUE unsets it'
complete -c payctl -n "__fish_payctl_using_subcommand config; and not __fish_seen_subcommand_from show set use list init help" -f -a "use" -d 'Make PROFILE the default for later commands'
complete -c payctl -n "__fish_payctl_using_subcommand config; and not __fish_seen_subcommand_from show set use list init help" -f -a "list" -d 'List the profiles; the default one is marked'
complete -c payctl -n "__fish_payctl_using_subcommand config; and not __fish_seen_subcommand_from show set use list init help" -f -a "init" -d 'Create a profile from the JSON ready line of `payctl sandbox --json`'
complete -c payctl -n "__fish_payctl_using_subcommand config; and not __fish_seen_subcommand_from show set use list init help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from show" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from show" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from show" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from show" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from show" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from show" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from show" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from set" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from set" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from set" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from set" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from set" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from set" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from set" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from set" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from use" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from use" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from use" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from use" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from use" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from use" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from use" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from list" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from list" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from list" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from list" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from list" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from init" -l from-ready -d 'File holding the ready line, or `-` for standard input' -r -F
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from init" -l name -d 'Profile to create or overwrite [default: the selected profile]' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from init" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from init" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from init" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from init" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from init" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from init" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from init" -l no-use -d 'Keep the current default profile instead of switching to the new one'
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from init" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from init" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show the selected profile\'s settings as they resolve (flags, environment, profile, defaults)'
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "set" -d 'Set one key of the selected profile; an empty VALUE unsets it'
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "use" -d 'Make PROFILE the default for later commands'
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the profiles; the default one is marked'
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "init" -d 'Create a profile from the JSON ready line of `payctl sandbox --json`'
complete -c payctl -n "__fish_payctl_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand login" -l username -d 'Dashboard user name [default: the profile\'s username]' -r
complete -c payctl -n "__fish_payctl_using_subcommand login" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand login" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand login" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand login" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand login" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand login" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand login" -l password-stdin -d 'Read the password from standard input (for scripts)'
complete -c payctl -n "__fish_payctl_using_subcommand login" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand login" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand logout" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand logout" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand logout" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand logout" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand logout" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand logout" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand logout" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand logout" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand whoami" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand whoami" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand whoami" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand whoami" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand whoami" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand whoami" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand whoami" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand whoami" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand apps; and not __fish_seen_subcommand_from create list get deactivate help" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand apps; and not __fish_seen_subcommand_from create list get deactivate help" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand apps; and not __fish_seen_subcommand_from create list get deactivate help" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand apps; and not __fish_seen_subcommand_from create list get deactivate help" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand apps; and not __fish_seen_subcommand_from create list get deactivate help" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand apps; and not __fish_seen_subcommand_from create list get deactivate help" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand apps; and not __fish_seen_subcommand_from create list get deactivate help" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand apps; and not __fish_seen_subcommand_from create list get deactivate help" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand apps; and not __fish_seen_subcommand_from create list get deactivate help" -f -a "create" -d 'Create an application; its environment is fixed for life'
complete -c payctl -n "__fish_payctl_using_subcommand apps; and not __fish_seen_subcommand_from create list get deactivate help" -f -a "list" -d 'List applications, newest first'
complete -c payctl -n "__fish_payctl_using_subcommand apps; and not __fish_seen_subcommand_from create list get deactivate help" -f -a "get" -d 'Show one application'
complete -c payctl -n "__fish_payctl_using_subcommand apps; and not __fish_seen_subcommand_from create list get deactivate help" -f -a "deactivate" -d 'Deactivate an application: its keys then answer 403 ATH_0002'
complete -c payctl -n "__fish_payctl_using_subcommand apps; and not __fish_seen_subcommand_from create list get deactivate help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from create" -l name -r
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from create" -l environment -r -f -a "test\t''
live\t''"
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from create" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from create" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from create" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from create" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from create" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from create" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from create" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from list" -l limit -d 'Records per page, 1 to 100' -r
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from list" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from list" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from list" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from list" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from list" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from list" -l all -d 'Follow next_cursor until the last page'
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from get" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from get" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from get" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from get" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from get" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from get" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from deactivate" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from deactivate" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from deactivate" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from deactivate" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from deactivate" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from deactivate" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from deactivate" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from deactivate" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from help" -f -a "create" -d 'Create an application; its environment is fixed for life'
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from help" -f -a "list" -d 'List applications, newest first'
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from help" -f -a "get" -d 'Show one application'
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from help" -f -a "deactivate" -d 'Deactivate an application: its keys then answer 403 ATH_0002'
complete -c payctl -n "__fish_payctl_using_subcommand apps; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand keys; and not __fish_seen_subcommand_from create list revoke rotate help" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and not __fish_seen_subcommand_from create list revoke rotate help" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and not __fish_seen_subcommand_from create list revoke rotate help" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and not __fish_seen_subcommand_from create list revoke rotate help" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and not __fish_seen_subcommand_from create list revoke rotate help" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand keys; and not __fish_seen_subcommand_from create list revoke rotate help" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and not __fish_seen_subcommand_from create list revoke rotate help" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand keys; and not __fish_seen_subcommand_from create list revoke rotate help" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand keys; and not __fish_seen_subcommand_from create list revoke rotate help" -f -a "create" -d 'Create a key; its secret exists only in this answer, so keep it with --save or see it with --show-secret'
complete -c payctl -n "__fish_payctl_using_subcommand keys; and not __fish_seen_subcommand_from create list revoke rotate help" -f -a "list" -d 'List the keys of an application, newest first (never their secrets)'
complete -c payctl -n "__fish_payctl_using_subcommand keys; and not __fish_seen_subcommand_from create list revoke rotate help" -f -a "revoke" -d 'Revoke a key at once; calls with it then answer 401'
complete -c payctl -n "__fish_payctl_using_subcommand keys; and not __fish_seen_subcommand_from create list revoke rotate help" -f -a "rotate" -d 'Create a new key, switch the profile to it, then revoke the old one'
complete -c payctl -n "__fish_payctl_using_subcommand keys; and not __fish_seen_subcommand_from create list revoke rotate help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from create" -l app -d 'Application id [default: the profile\'s application_id]' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from create" -l name -d 'A label to tell keys apart' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from create" -l expires-at -d 'Expiry, ISO 8601 in the future (e.g. 2027-01-01T00:00:00Z)' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from create" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from create" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from create" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from create" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from create" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from create" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from create" -l save -d 'Store the secret as the profile\'s API key'
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from create" -l show-secret -d 'Print the secret; it cannot be read again later'
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from create" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from list" -l app -d 'Application id [default: the profile\'s application_id]' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from list" -l limit -d 'Records per page, 1 to 100' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from list" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from list" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from list" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from list" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from list" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from list" -l all -d 'Follow next_cursor until the last page'
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from revoke" -l app -d 'Application id [default: the profile\'s application_id]' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from revoke" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from revoke" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from revoke" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from revoke" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from revoke" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from revoke" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from revoke" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from revoke" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from rotate" -l app -d 'Application id [default: the profile\'s application_id]' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from rotate" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from rotate" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from rotate" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from rotate" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from rotate" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from rotate" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from rotate" -l show-secret -d 'Also print the new secret (it is stored in the profile either way)'
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from rotate" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from rotate" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from help" -f -a "create" -d 'Create a key; its secret exists only in this answer, so keep it with --save or see it with --show-secret'
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the keys of an application, newest first (never their secrets)'
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from help" -f -a "revoke" -d 'Revoke a key at once; calls with it then answer 401'
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from help" -f -a "rotate" -d 'Create a new key, switch the profile to it, then revoke the old one'
complete -c payctl -n "__fish_payctl_using_subcommand keys; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand customers; and not __fish_seen_subcommand_from create list get approve reject help" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and not __fish_seen_subcommand_from create list get approve reject help" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and not __fish_seen_subcommand_from create list get approve reject help" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and not __fish_seen_subcommand_from create list get approve reject help" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and not __fish_seen_subcommand_from create list get approve reject help" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand customers; and not __fish_seen_subcommand_from create list get approve reject help" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and not __fish_seen_subcommand_from create list get approve reject help" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand customers; and not __fish_seen_subcommand_from create list get approve reject help" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand customers; and not __fish_seen_subcommand_from create list get approve reject help" -f -a "create" -d 'Create a customer (`POST /v1/customers`); verification starts pending'
complete -c payctl -n "__fish_payctl_using_subcommand customers; and not __fish_seen_subcommand_from create list get approve reject help" -f -a "list" -d 'List customers, newest first'
complete -c payctl -n "__fish_payctl_using_subcommand customers; and not __fish_seen_subcommand_from create list get approve reject help" -f -a "get" -d 'Show one customer'
complete -c payctl -n "__fish_payctl_using_subcommand customers; and not __fish_seen_subcommand_from create list get approve reject help" -f -a "approve" -d 'Sandbox only: approve a pending customer\'s verification (TEST key)'
complete -c payctl -n "__fish_payctl_using_subcommand customers; and not __fish_seen_subcommand_from create list get approve reject help" -f -a "reject" -d 'Sandbox only: reject a pending customer\'s verification (TEST key)'
complete -c payctl -n "__fish_payctl_using_subcommand customers; and not __fish_seen_subcommand_from create list get approve reject help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from create" -l type -d '`business` or `individual`' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from create" -l legal-name -d 'Registered or full name, 1 to 256 characters' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from create" -l email -d 'Unique per application, ignoring case' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from create" -l country -d 'ISO 3166-1 alpha-2 code, e.g. AE' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from create" -l verification-level -d '`standard` or `enhanced`' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from create" -l tax-id -d 'Tax identifier, 1 to 64 characters' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from create" -l data -d 'Request body as JSON, or @FILE to read it from a file (@- for stdin); flags override its fields' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from create" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from create" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from create" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from create" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from create" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from create" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from create" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from list" -l status -d 'Only customers whose verification (kyb_status) is this' -r -f -a "pending\t''
approved\t''
rejected\t''"
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from list" -l limit -d 'Records per page, 1 to 100' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from list" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from list" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from list" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from list" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from list" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from list" -l all -d 'Follow next_cursor until the last page'
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from get" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from get" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from get" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from get" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from get" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from get" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from approve" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from approve" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from approve" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from approve" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from approve" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from approve" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from approve" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from approve" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from reject" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from reject" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from reject" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from reject" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from reject" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from reject" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from reject" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from reject" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from help" -f -a "create" -d 'Create a customer (`POST /v1/customers`); verification starts pending'
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from help" -f -a "list" -d 'List customers, newest first'
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from help" -f -a "get" -d 'Show one customer'
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from help" -f -a "approve" -d 'Sandbox only: approve a pending customer\'s verification (TEST key)'
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from help" -f -a "reject" -d 'Sandbox only: reject a pending customer\'s verification (TEST key)'
complete -c payctl -n "__fish_payctl_using_subcommand customers; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and not __fish_seen_subcommand_from create list get help" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and not __fish_seen_subcommand_from create list get help" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and not __fish_seen_subcommand_from create list get help" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and not __fish_seen_subcommand_from create list get help" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and not __fish_seen_subcommand_from create list get help" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and not __fish_seen_subcommand_from create list get help" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and not __fish_seen_subcommand_from create list get help" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and not __fish_seen_subcommand_from create list get help" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and not __fish_seen_subcommand_from create list get help" -f -a "create" -d 'Create a beneficiary with its payout account (`POST /v1/beneficiaries`)'
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and not __fish_seen_subcommand_from create list get help" -f -a "list" -d 'List a customer\'s beneficiaries, newest first'
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and not __fish_seen_subcommand_from create list get help" -f -a "get" -d 'Show one beneficiary'
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and not __fish_seen_subcommand_from create list get help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from create" -l customer -d 'The customer who pays out to this beneficiary' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from create" -l type -d '`business` or `individual`' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from create" -l full-name -d '1 to 256 characters' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from create" -l country -d 'ISO 3166-1 alpha-2 code' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from create" -l gov-id-ref -d 'Government id reference (individuals only)' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from create" -l asset -d 'The account\'s destination asset: a fiat code for a bank account, USDC or USDT for a wallet' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from create" -l iban -d 'Bank account: IBAN (spaces and any case accepted)' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from create" -l bank-name -d 'Bank account: bank name' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from create" -l bank-country -d 'Bank account: the bank\'s country, which must be the IBAN\'s' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from create" -l routing -d 'Bank account: BIC, sort code or other routing code' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from create" -l network -d 'Wallet: network code (ethereum, tron, solana...)' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from create" -l address -d 'Wallet: address on that network' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from create" -l data -d 'Request body as JSON, or @FILE to read it from a file (@- for stdin); flags override its fields' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from create" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from create" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from create" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from create" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from create" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from create" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from create" -l default -d 'Make this account the customer\'s default for its asset'
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from create" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from list" -l customer -d 'The customer whose beneficiaries to list' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from list" -l limit -d 'Records per page, 1 to 100' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from list" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from list" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from list" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from list" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from list" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from list" -l all -d 'Follow next_cursor until the last page'
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from get" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from get" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from get" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from get" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from get" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from get" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from help" -f -a "create" -d 'Create a beneficiary with its payout account (`POST /v1/beneficiaries`)'
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from help" -f -a "list" -d 'List a customer\'s beneficiaries, newest first'
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from help" -f -a "get" -d 'Show one beneficiary'
complete -c payctl -n "__fish_payctl_using_subcommand beneficiaries; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and not __fish_seen_subcommand_from create list get balances customer help" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and not __fish_seen_subcommand_from create list get balances customer help" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and not __fish_seen_subcommand_from create list get balances customer help" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and not __fish_seen_subcommand_from create list get balances customer help" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and not __fish_seen_subcommand_from create list get balances customer help" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and not __fish_seen_subcommand_from create list get balances customer help" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and not __fish_seen_subcommand_from create list get balances customer help" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and not __fish_seen_subcommand_from create list get balances customer help" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and not __fish_seen_subcommand_from create list get balances customer help" -f -a "create" -d 'Open a fiat settlement account or a stablecoin wallet (`POST /v1/accounts`)'
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and not __fish_seen_subcommand_from create list get balances customer help" -f -a "list" -d 'List the application\'s settlement accounts and wallets, newest first'
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and not __fish_seen_subcommand_from create list get balances customer help" -f -a "get" -d 'Show one settlement account or wallet'
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and not __fish_seen_subcommand_from create list get balances customer help" -f -a "balances" -d 'The application\'s own ledger accounts (float, fees, settlement, wallets) with balances'
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and not __fish_seen_subcommand_from create list get balances customer help" -f -a "customer" -d 'A customer\'s ledger accounts (`GET /v1/customers/{id}/accounts`)'
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and not __fish_seen_subcommand_from create list get balances customer help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from create" -l type -d '`fiat` or `stablecoin`' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from create" -l currency -d 'Asset code: AED for fiat, USDC or USDT for stablecoin' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from create" -l corridor -d 'Fiat only: the corridor, e.g. uae' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from create" -l network -d 'Stablecoin only: the network code' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from create" -l wallet-mode -d 'Stablecoin only: `mpc` (address provisioned) or `self_custody`' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from create" -l external-address -d 'Self-custody wallets: your address on the network' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from create" -l label -d 'A label, at most 128 characters' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from create" -l data -d 'Request body as JSON, or @FILE to read it from a file (@- for stdin); flags override its fields' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from create" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from create" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from create" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from create" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from create" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from create" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from create" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from list" -l limit -d 'Records per page, 1 to 100' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from list" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from list" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from list" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from list" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from list" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from list" -l all -d 'Follow next_cursor until the last page'
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from get" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from get" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from get" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from get" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from get" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from get" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from balances" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from balances" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from balances" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from balances" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from balances" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from balances" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from balances" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from balances" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from customer" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from customer" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from customer" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from customer" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from customer" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from customer" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from customer" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from customer" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from help" -f -a "create" -d 'Open a fiat settlement account or a stablecoin wallet (`POST /v1/accounts`)'
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the application\'s settlement accounts and wallets, newest first'
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from help" -f -a "get" -d 'Show one settlement account or wallet'
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from help" -f -a "balances" -d 'The application\'s own ledger accounts (float, fees, settlement, wallets) with balances'
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from help" -f -a "customer" -d 'A customer\'s ledger accounts (`GET /v1/customers/{id}/accounts`)'
complete -c payctl -n "__fish_payctl_using_subcommand accounts; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and not __fish_seen_subcommand_from validate partner help" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and not __fish_seen_subcommand_from validate partner help" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and not __fish_seen_subcommand_from validate partner help" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and not __fish_seen_subcommand_from validate partner help" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and not __fish_seen_subcommand_from validate partner help" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and not __fish_seen_subcommand_from validate partner help" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and not __fish_seen_subcommand_from validate partner help" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and not __fish_seen_subcommand_from validate partner help" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and not __fish_seen_subcommand_from validate partner help" -f -a "validate" -d 'Check an address for a network (public route: no credential needed)'
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and not __fish_seen_subcommand_from validate partner help" -f -a "partner" -d 'The partner\'s wallets, one per network and role (dashboard login)'
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and not __fish_seen_subcommand_from validate partner help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and __fish_seen_subcommand_from validate" -l network -d 'Network code: ethereum, avalanche, arbitrum, base, polygon, tron, stellar, solana, xrpl, algorand, sui' -r
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and __fish_seen_subcommand_from validate" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and __fish_seen_subcommand_from validate" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and __fish_seen_subcommand_from validate" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and __fish_seen_subcommand_from validate" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and __fish_seen_subcommand_from validate" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and __fish_seen_subcommand_from validate" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and __fish_seen_subcommand_from validate" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and __fish_seen_subcommand_from validate" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and __fish_seen_subcommand_from partner" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and __fish_seen_subcommand_from partner" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and __fish_seen_subcommand_from partner" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and __fish_seen_subcommand_from partner" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and __fish_seen_subcommand_from partner" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and __fish_seen_subcommand_from partner" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and __fish_seen_subcommand_from partner" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and __fish_seen_subcommand_from partner" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and __fish_seen_subcommand_from partner" -f -a "list" -d 'List the partner\'s wallets, by network then role'
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and __fish_seen_subcommand_from partner" -f -a "set" -d 'Set the partner\'s wallet for a network and role (replaces its address)'
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and __fish_seen_subcommand_from partner" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and __fish_seen_subcommand_from help" -f -a "validate" -d 'Check an address for a network (public route: no credential needed)'
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and __fish_seen_subcommand_from help" -f -a "partner" -d 'The partner\'s wallets, one per network and role (dashboard login)'
complete -c payctl -n "__fish_payctl_using_subcommand wallets; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and not __fish_seen_subcommand_from markup corridors simulate help" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and not __fish_seen_subcommand_from markup corridors simulate help" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and not __fish_seen_subcommand_from markup corridors simulate help" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and not __fish_seen_subcommand_from markup corridors simulate help" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and not __fish_seen_subcommand_from markup corridors simulate help" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and not __fish_seen_subcommand_from markup corridors simulate help" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and not __fish_seen_subcommand_from markup corridors simulate help" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and not __fish_seen_subcommand_from markup corridors simulate help" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and not __fish_seen_subcommand_from markup corridors simulate help" -f -a "markup" -d 'The markup added to the platform fee, for the partner or one customer'
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and not __fish_seen_subcommand_from markup corridors simulate help" -f -a "corridors" -d 'The corridors of the service with their mid rates'
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and not __fish_seen_subcommand_from markup corridors simulate help" -f -a "simulate" -d 'Price a transfer: fee, net amount, rate and destination amount'
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and not __fish_seen_subcommand_from markup corridors simulate help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from markup" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from markup" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from markup" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from markup" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from markup" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from markup" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from markup" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from markup" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from markup" -f -a "get" -d 'Show the markup that applies (the customer\'s, else the partner\'s, else the default)'
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from markup" -f -a "set" -d 'Replace the partner\'s markup, or a customer\'s override; omitted options are cleared'
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from markup" -f -a "clear" -d 'Remove a customer\'s override: the partner\'s markup applies again'
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from markup" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from corridors" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from corridors" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from corridors" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from corridors" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from corridors" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from corridors" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from corridors" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from corridors" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from simulate" -l amount -d 'Source amount in integer minor units of --from' -r
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from simulate" -l from -d 'Source currency code' -r
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from simulate" -l to -d 'Destination currency code' -r
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from simulate" -l rate -d 'Exchange rate as an exact decimal [default: the rate table\'s]' -r
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from simulate" -l customer -d 'Apply this customer\'s markup override' -r
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from simulate" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from simulate" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from simulate" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from simulate" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from simulate" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from simulate" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from simulate" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from simulate" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from help" -f -a "markup" -d 'The markup added to the platform fee, for the partner or one customer'
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from help" -f -a "corridors" -d 'The corridors of the service with their mid rates'
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from help" -f -a "simulate" -d 'Price a transfer: fee, net amount, rate and destination amount'
complete -c payctl -n "__fish_payctl_using_subcommand pricing; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and not __fish_seen_subcommand_from create get accept help" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and not __fish_seen_subcommand_from create get accept help" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and not __fish_seen_subcommand_from create get accept help" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and not __fish_seen_subcommand_from create get accept help" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and not __fish_seen_subcommand_from create get accept help" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and not __fish_seen_subcommand_from create get accept help" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and not __fish_seen_subcommand_from create get accept help" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and not __fish_seen_subcommand_from create get accept help" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and not __fish_seen_subcommand_from create get accept help" -f -a "create" -d 'Price a movement and lock its rate (`POST /v1/transactions/quote`)'
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and not __fish_seen_subcommand_from create get accept help" -f -a "get" -d 'Show one quote; a quote not accepted in time reads EXPIRED'
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and not __fish_seen_subcommand_from create get accept help" -f -a "accept" -d 'Accept a quote before it expires, so a transaction can use it'
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and not __fish_seen_subcommand_from create get accept help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from create" -l corridor -d 'Corridor id, e.g. uae' -r
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from create" -l from -d 'Source asset code, e.g. AED or USD' -r
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from create" -l amount-minor -d 'Source amount in integer minor units of the source asset (1050 is 10.50 AED)' -r
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from create" -l to -d 'Destination asset code, e.g. EUR or USDC' -r
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from create" -l kind -d 'Kind of destination' -r -f -a "BANK\t''
WALLET\t''
STABLECOIN\t''"
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from create" -l customer -d 'The sending customer; its markup override then applies' -r
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from create" -l data -d 'Request body as JSON, or @FILE to read it from a file (@- for stdin); flags override its fields' -r
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from create" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from create" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from create" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from create" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from create" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from create" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from create" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from get" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from get" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from get" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from get" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from get" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from get" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from accept" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from accept" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from accept" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from accept" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from accept" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from accept" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from accept" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from accept" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from help" -f -a "create" -d 'Price a movement and lock its rate (`POST /v1/transactions/quote`)'
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from help" -f -a "get" -d 'Show one quote; a quote not accepted in time reads EXPIRED'
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from help" -f -a "accept" -d 'Accept a quote before it expires, so a transaction can use it'
complete -c payctl -n "__fish_payctl_using_subcommand quotes; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand transfer" -l corridor -d 'Corridor id, e.g. uae' -r
complete -c payctl -n "__fish_payctl_using_subcommand transfer" -l from -d 'Source asset code, e.g. AED or USD' -r
complete -c payctl -n "__fish_payctl_using_subcommand transfer" -l amount-minor -d 'Source amount in integer minor units of the source asset (1050 is 10.50 AED)' -r
complete -c payctl -n "__fish_payctl_using_subcommand transfer" -l to -d 'Destination asset code, e.g. EUR or USDC' -r
complete -c payctl -n "__fish_payctl_using_subcommand transfer" -l kind -d 'Kind of destination' -r -f -a "BANK\t''
WALLET\t''
STABLECOIN\t''"
complete -c payctl -n "__fish_payctl_using_subcommand transfer" -l customer -d 'The sending customer; its markup override then applies' -r
complete -c payctl -n "__fish_payctl_using_subcommand transfer" -l data -d 'Request body as JSON, or @FILE to read it from a file (@- for stdin); flags override its fields' -r
complete -c payctl -n "__fish_payctl_using_subcommand transfer" -l beneficiary -d 'The beneficiary whose account receives the destination asset' -r
complete -c payctl -n "__fish_payctl_using_subcommand transfer" -l idempotency-key -d 'Reuse the Idempotency-Key printed by an earlier run, to retry it safely' -r
complete -c payctl -n "__fish_payctl_using_subcommand transfer" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand transfer" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand transfer" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand transfer" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand transfer" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand transfer" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand transfer" -l yes -d 'Do not ask for confirmation (required without a terminal)'
complete -c payctl -n "__fish_payctl_using_subcommand transfer" -l confirm-live -d 'With --yes on a LIVE key: confirm that real money moves'
complete -c payctl -n "__fish_payctl_using_subcommand transfer" -l wait -d 'Wait until the transaction is COMPLETED or FAILED (Ctrl-C stops waiting)'
complete -c payctl -n "__fish_payctl_using_subcommand transfer" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand transfer" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand payments; and not __fish_seen_subcommand_from create list get fund help" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and not __fish_seen_subcommand_from create list get fund help" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and not __fish_seen_subcommand_from create list get fund help" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and not __fish_seen_subcommand_from create list get fund help" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and not __fish_seen_subcommand_from create list get fund help" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand payments; and not __fish_seen_subcommand_from create list get fund help" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and not __fish_seen_subcommand_from create list get fund help" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand payments; and not __fish_seen_subcommand_from create list get fund help" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand payments; and not __fish_seen_subcommand_from create list get fund help" -f -a "create" -d 'Create a payment for an accepted legacy quote; prints the collection instructions'
complete -c payctl -n "__fish_payctl_using_subcommand payments; and not __fish_seen_subcommand_from create list get fund help" -f -a "list" -d 'List payments, newest first'
complete -c payctl -n "__fish_payctl_using_subcommand payments; and not __fish_seen_subcommand_from create list get fund help" -f -a "get" -d 'Show one payment'
complete -c payctl -n "__fish_payctl_using_subcommand payments; and not __fish_seen_subcommand_from create list get fund help" -f -a "fund" -d 'Sandbox only: mark a payment\'s funds as received (TEST key)'
complete -c payctl -n "__fish_payctl_using_subcommand payments; and not __fish_seen_subcommand_from create list get fund help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from create" -l quote -d 'An accepted, unused quote from the legacy quote endpoints' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from create" -l collection-method -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from create" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from create" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from create" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from create" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from create" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from create" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from create" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from list" -l status -d 'awaiting_funds, funds_received, settled or expired' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from list" -l from -d 'Created at or after this time (ISO 8601)' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from list" -l to -d 'Created at or before this time (ISO 8601)' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from list" -l limit -d 'Records per page, 1 to 100' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from list" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from list" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from list" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from list" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from list" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from list" -l all -d 'Follow next_cursor until the last page'
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from get" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from get" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from get" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from get" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from get" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from get" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from fund" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from fund" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from fund" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from fund" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from fund" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from fund" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from fund" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from fund" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from help" -f -a "create" -d 'Create a payment for an accepted legacy quote; prints the collection instructions'
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from help" -f -a "list" -d 'List payments, newest first'
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from help" -f -a "get" -d 'Show one payment'
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from help" -f -a "fund" -d 'Sandbox only: mark a payment\'s funds as received (TEST key)'
complete -c payctl -n "__fish_payctl_using_subcommand payments; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and not __fish_seen_subcommand_from create get help" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and not __fish_seen_subcommand_from create get help" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and not __fish_seen_subcommand_from create get help" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and not __fish_seen_subcommand_from create get help" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and not __fish_seen_subcommand_from create get help" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and not __fish_seen_subcommand_from create get help" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and not __fish_seen_subcommand_from create get help" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and not __fish_seen_subcommand_from create get help" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and not __fish_seen_subcommand_from create get help" -f -a "create" -d 'Start a transfer (`POST /v1/transfers`); the body names its kind'
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and not __fish_seen_subcommand_from create get help" -f -a "get" -d 'Show one transfer'
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and not __fish_seen_subcommand_from create get help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and __fish_seen_subcommand_from create" -l kind -d 'payin, payout, bridge or onchain_fx; overrides the body\'s kind' -r -f -a "payin\t''
payout\t''
bridge\t''
onchain_fx\t''"
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and __fish_seen_subcommand_from create" -l data -d 'Request body as JSON, or @FILE to read it from a file (@- for stdin); flags override its fields' -r
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and __fish_seen_subcommand_from create" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and __fish_seen_subcommand_from create" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and __fish_seen_subcommand_from create" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and __fish_seen_subcommand_from create" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and __fish_seen_subcommand_from create" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and __fish_seen_subcommand_from create" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and __fish_seen_subcommand_from create" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and __fish_seen_subcommand_from get" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and __fish_seen_subcommand_from get" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and __fish_seen_subcommand_from get" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and __fish_seen_subcommand_from get" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and __fish_seen_subcommand_from get" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and __fish_seen_subcommand_from get" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and __fish_seen_subcommand_from help" -f -a "create" -d 'Start a transfer (`POST /v1/transfers`); the body names its kind'
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and __fish_seen_subcommand_from help" -f -a "get" -d 'Show one transfer'
complete -c payctl -n "__fish_payctl_using_subcommand transfers; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and not __fish_seen_subcommand_from create get help" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and not __fish_seen_subcommand_from create get help" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and not __fish_seen_subcommand_from create get help" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and not __fish_seen_subcommand_from create get help" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and not __fish_seen_subcommand_from create get help" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and not __fish_seen_subcommand_from create get help" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and not __fish_seen_subcommand_from create get help" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and not __fish_seen_subcommand_from create get help" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and not __fish_seen_subcommand_from create get help" -f -a "create" -d 'Swap one stablecoin for another on chain (`POST /v1/onchain-fx`)'
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and not __fish_seen_subcommand_from create get help" -f -a "get" -d 'Show one swap in the shape of spec 2.11 (`GET /v1/onchain-fx/{fx_id}`)'
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and not __fish_seen_subcommand_from create get help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and __fish_seen_subcommand_from create" -l data -d 'Request body as JSON, or @FILE to read it from a file (@- for stdin); flags override its fields' -r
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and __fish_seen_subcommand_from create" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and __fish_seen_subcommand_from create" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and __fish_seen_subcommand_from create" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and __fish_seen_subcommand_from create" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and __fish_seen_subcommand_from create" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and __fish_seen_subcommand_from create" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and __fish_seen_subcommand_from create" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and __fish_seen_subcommand_from get" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and __fish_seen_subcommand_from get" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and __fish_seen_subcommand_from get" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and __fish_seen_subcommand_from get" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and __fish_seen_subcommand_from get" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and __fish_seen_subcommand_from get" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and __fish_seen_subcommand_from help" -f -a "create" -d 'Swap one stablecoin for another on chain (`POST /v1/onchain-fx`)'
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and __fish_seen_subcommand_from help" -f -a "get" -d 'Show one swap in the shape of spec 2.11 (`GET /v1/onchain-fx/{fx_id}`)'
complete -c payctl -n "__fish_payctl_using_subcommand swaps; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and not __fish_seen_subcommand_from list get help" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and not __fish_seen_subcommand_from list get help" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and not __fish_seen_subcommand_from list get help" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and not __fish_seen_subcommand_from list get help" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and not __fish_seen_subcommand_from list get help" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and not __fish_seen_subcommand_from list get help" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and not __fish_seen_subcommand_from list get help" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and not __fish_seen_subcommand_from list get help" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and not __fish_seen_subcommand_from list get help" -f -a "list" -d 'List transactions, newest first'
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and not __fish_seen_subcommand_from list get help" -f -a "get" -d 'Show one transaction, by its id or its txn_ external id'
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and not __fish_seen_subcommand_from list get help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and __fish_seen_subcommand_from list" -l limit -d 'Records per page, 1 to 100' -r
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and __fish_seen_subcommand_from list" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and __fish_seen_subcommand_from list" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and __fish_seen_subcommand_from list" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and __fish_seen_subcommand_from list" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and __fish_seen_subcommand_from list" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and __fish_seen_subcommand_from list" -l all -d 'Follow next_cursor until the last page'
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and __fish_seen_subcommand_from get" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and __fish_seen_subcommand_from get" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and __fish_seen_subcommand_from get" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and __fish_seen_subcommand_from get" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and __fish_seen_subcommand_from get" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and __fish_seen_subcommand_from get" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and __fish_seen_subcommand_from help" -f -a "list" -d 'List transactions, newest first'
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and __fish_seen_subcommand_from help" -f -a "get" -d 'Show one transaction, by its id or its txn_ external id'
complete -c payctl -n "__fish_payctl_using_subcommand transactions; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and not __fish_seen_subcommand_from create list get update delete rotate-secret deliveries redeliver verify help" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and not __fish_seen_subcommand_from create list get update delete rotate-secret deliveries redeliver verify help" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and not __fish_seen_subcommand_from create list get update delete rotate-secret deliveries redeliver verify help" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and not __fish_seen_subcommand_from create list get update delete rotate-secret deliveries redeliver verify help" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and not __fish_seen_subcommand_from create list get update delete rotate-secret deliveries redeliver verify help" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and not __fish_seen_subcommand_from create list get update delete rotate-secret deliveries redeliver verify help" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and not __fish_seen_subcommand_from create list get update delete rotate-secret deliveries redeliver verify help" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and not __fish_seen_subcommand_from create list get update delete rotate-secret deliveries redeliver verify help" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and not __fish_seen_subcommand_from create list get update delete rotate-secret deliveries redeliver verify help" -f -a "create" -d 'Register an endpoint; its signing secret is shown only in this answer'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and not __fish_seen_subcommand_from create list get update delete rotate-secret deliveries redeliver verify help" -f -a "list" -d 'List endpoints, newest first (secrets masked)'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and not __fish_seen_subcommand_from create list get update delete rotate-secret deliveries redeliver verify help" -f -a "get" -d 'Show one endpoint (secret masked)'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and not __fish_seen_subcommand_from create list get update delete rotate-secret deliveries redeliver verify help" -f -a "update" -d 'Change an endpoint\'s URL, description, events or status'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and not __fish_seen_subcommand_from create list get update delete rotate-secret deliveries redeliver verify help" -f -a "delete" -d 'Delete an endpoint and its deliveries'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and not __fish_seen_subcommand_from create list get update delete rotate-secret deliveries redeliver verify help" -f -a "rotate-secret" -d 'Replace an endpoint\'s signing secret; the old one signs nothing more'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and not __fish_seen_subcommand_from create list get update delete rotate-secret deliveries redeliver verify help" -f -a "deliveries" -d 'List an endpoint\'s deliveries with their attempts, newest first'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and not __fish_seen_subcommand_from create list get update delete rotate-secret deliveries redeliver verify help" -f -a "redeliver" -d 'Queue one more attempt of a delivery, now'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and not __fish_seen_subcommand_from create list get update delete rotate-secret deliveries redeliver verify help" -f -a "verify" -d 'Check a delivery\'s X-Service-Signature against its raw payload (no API call)'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and not __fish_seen_subcommand_from create list get update delete rotate-secret deliveries redeliver verify help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l url -d '`https://` URL (the sandbox also accepts `http://` on loopback)' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l events -d 'Event types, comma-separated or repeated' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l description -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l secret-file -d 'Write the new secret to this file, created with mode 0600; it must not exist' -r -F
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from create" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from create" -l show-secret -d 'Print the new secret (it cannot be read again later)'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from create" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from list" -l limit -d 'Records per page, 1 to 100' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from list" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from list" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from list" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from list" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from list" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from list" -l all -d 'Follow next_cursor until the last page'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from get" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from get" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from get" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from get" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from get" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from get" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from update" -l url -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from update" -l description -d 'An empty value removes the description' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from update" -l events -d 'Replaces the event types, comma-separated or repeated' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from update" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from update" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from update" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from update" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from update" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from update" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from update" -l enable -d 'Deliver to the endpoint again'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from update" -l disable -d 'Stop new deliveries; pending ones wait until it is enabled'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from update" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from update" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from delete" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from rotate-secret" -l secret-file -d 'Write the new secret to this file, created with mode 0600; it must not exist' -r -F
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from rotate-secret" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from rotate-secret" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from rotate-secret" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from rotate-secret" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from rotate-secret" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from rotate-secret" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from rotate-secret" -l show-secret -d 'Print the new secret (it cannot be read again later)'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from rotate-secret" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from rotate-secret" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from deliveries" -l limit -d 'Records per page, 1 to 100' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from deliveries" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from deliveries" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from deliveries" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from deliveries" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from deliveries" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from deliveries" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from deliveries" -l all -d 'Follow next_cursor until the last page'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from deliveries" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from deliveries" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from redeliver" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from redeliver" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from redeliver" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from redeliver" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from redeliver" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from redeliver" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from redeliver" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from redeliver" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l secret -d 'The endpoint\'s signing secret (whsec_...)' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l header -d 'The X-Service-Signature value, or the whole `X-Service-Signature: value` line' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l payload -d 'The raw payload as received: a file, or - for stdin' -r -F
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l tolerance -d 'Largest accepted distance in seconds between t and now; 0 accepts any age' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from verify" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from help" -f -a "create" -d 'Register an endpoint; its signing secret is shown only in this answer'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from help" -f -a "list" -d 'List endpoints, newest first (secrets masked)'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from help" -f -a "get" -d 'Show one endpoint (secret masked)'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from help" -f -a "update" -d 'Change an endpoint\'s URL, description, events or status'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from help" -f -a "delete" -d 'Delete an endpoint and its deliveries'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from help" -f -a "rotate-secret" -d 'Replace an endpoint\'s signing secret; the old one signs nothing more'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from help" -f -a "deliveries" -d 'List an endpoint\'s deliveries with their attempts, newest first'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from help" -f -a "redeliver" -d 'Queue one more attempt of a delivery, now'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from help" -f -a "verify" -d 'Check a delivery\'s X-Service-Signature against its raw payload (no API call)'
complete -c payctl -n "__fish_payctl_using_subcommand webhooks; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand logs; and not __fish_seen_subcommand_from list tail export help" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and not __fish_seen_subcommand_from list tail export help" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and not __fish_seen_subcommand_from list tail export help" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and not __fish_seen_subcommand_from list tail export help" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and not __fish_seen_subcommand_from list tail export help" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand logs; and not __fish_seen_subcommand_from list tail export help" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and not __fish_seen_subcommand_from list tail export help" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand logs; and not __fish_seen_subcommand_from list tail export help" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand logs; and not __fish_seen_subcommand_from list tail export help" -f -a "list" -d 'List request logs, newest first'
complete -c payctl -n "__fish_payctl_using_subcommand logs; and not __fish_seen_subcommand_from list tail export help" -f -a "tail" -d 'Print new request logs as they arrive, until Ctrl-C'
complete -c payctl -n "__fish_payctl_using_subcommand logs; and not __fish_seen_subcommand_from list tail export help" -f -a "export" -d 'Turn request logs (oldest first) into a fixture that replays them: ids of objects created in the sequence become references, redacted values become ${env.REDACTED_<FIELD>} placeholders'
complete -c payctl -n "__fish_payctl_using_subcommand logs; and not __fish_seen_subcommand_from list tail export help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from list" -l method -d 'Only this HTTP method' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from list" -l endpoint -d 'Only this path and the paths below it, e.g. /v1/customers' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from list" -l status-gte -d 'Only status codes at or above this' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from list" -l status-lte -d 'Only status codes at or below this' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from list" -l from -d 'Only requests at or after this time (ISO 8601)' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from list" -l to -d 'Only requests at or before this time (ISO 8601)' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from list" -l limit -d 'Records per page, 1 to 100' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from list" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from list" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from list" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from list" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from list" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from list" -l all -d 'Follow next_cursor until the last page'
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from tail" -l method -d 'Only this HTTP method' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from tail" -l endpoint -d 'Only this path and the paths below it, e.g. /v1/customers' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from tail" -l status-gte -d 'Only status codes at or above this' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from tail" -l status-lte -d 'Only status codes at or below this' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from tail" -l from -d 'Only requests at or after this time (ISO 8601)' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from tail" -l to -d 'Only requests at or before this time (ISO 8601)' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from tail" -l interval -d 'Seconds between polls' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from tail" -l lines -d 'Entries to show before following' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from tail" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from tail" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from tail" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from tail" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from tail" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from tail" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from tail" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from tail" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from export" -l method -d 'Only this HTTP method' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from export" -l endpoint -d 'Only this path and the paths below it, e.g. /v1/customers' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from export" -l status-gte -d 'Only status codes at or above this' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from export" -l status-lte -d 'Only status codes at or below this' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from export" -l from -d 'Only requests at or after this time (ISO 8601)' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from export" -l to -d 'Only requests at or before this time (ISO 8601)' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from export" -l name -d 'The fixture\'s name' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from export" -s f -l file -d 'Write the fixture here instead of standard output' -r -F
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from export" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from export" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from export" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from export" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from export" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from export" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from export" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from export" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from help" -f -a "list" -d 'List request logs, newest first'
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from help" -f -a "tail" -d 'Print new request logs as they arrive, until Ctrl-C'
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from help" -f -a "export" -d 'Turn request logs (oldest first) into a fixture that replays them: ids of objects created in the sequence become references, redacted values become ${env.REDACTED_<FIELD>} placeholders'
complete -c payctl -n "__fish_payctl_using_subcommand logs; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand listen" -l forward-to -d 'Forward each verified delivery to this URL, raw body and original headers' -r
complete -c payctl -n "__fish_payctl_using_subcommand listen" -l events -d 'Event types to receive, comma-separated [default: all]' -r
complete -c payctl -n "__fish_payctl_using_subcommand listen" -l port -d 'Local port to listen on; 0 picks a free one' -r
complete -c payctl -n "__fish_payctl_using_subcommand listen" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand listen" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand listen" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand listen" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand listen" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand listen" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand listen" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand listen" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand api" -l data -d 'JSON request body' -r
complete -c payctl -n "__fish_payctl_using_subcommand api" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand api" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand api" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand api" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand api" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand api" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand api" -l bearer -d 'Authenticate with the dashboard login instead of the API key'
complete -c payctl -n "__fish_payctl_using_subcommand api" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand api" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand completions" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand completions" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand completions" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand completions" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand completions" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand completions" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand completions" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand completions" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand sandbox; and not __fish_seen_subcommand_from reset help" -l listen -d 'Address to listen on; port 0 picks a free port' -r
complete -c payctl -n "__fish_payctl_using_subcommand sandbox; and not __fish_seen_subcommand_from reset help" -l db -d 'SQLite database file (default: sandbox.db in the user\'s data directory)' -r -F
complete -c payctl -n "__fish_payctl_using_subcommand sandbox; and not __fish_seen_subcommand_from reset help" -l rate-limit -d 'Per-API-key rate limits: PER_MINUTE[/PER_HOUR] (default 100/5000), or `off` (e.g. for load tests). PER_MINUTE alone sets PER_HOUR to 60 times it' -r
complete -c payctl -n "__fish_payctl_using_subcommand sandbox; and not __fish_seen_subcommand_from reset help" -l seed -d 'Run this fixture after the sandbox starts listening and before the ready line; repeatable, run in order. A failing one stops the sandbox' -r -F
complete -c payctl -n "__fish_payctl_using_subcommand sandbox; and not __fish_seen_subcommand_from reset help" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand sandbox; and not __fish_seen_subcommand_from reset help" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand sandbox; and not __fish_seen_subcommand_from reset help" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand sandbox; and not __fish_seen_subcommand_from reset help" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand sandbox; and not __fish_seen_subcommand_from reset help" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand sandbox; and not __fish_seen_subcommand_from reset help" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand sandbox; and not __fish_seen_subcommand_from reset help" -l in-memory -d 'Keep everything in memory; nothing is written to disk'
complete -c payctl -n "__fish_payctl_using_subcommand sandbox; and not __fish_seen_subcommand_from reset help" -l json -d 'Print the ready line as one JSON object on stdout (for scripts)'
complete -c payctl -n "__fish_payctl_using_subcommand sandbox; and not __fish_seen_subcommand_from reset help" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand sandbox; and not __fish_seen_subcommand_from reset help" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand sandbox; and not __fish_seen_subcommand_from reset help" -f -a "reset" -d 'Wipe a running sandbox back to its seeded state (POST /sandbox/reset)'
complete -c payctl -n "__fish_payctl_using_subcommand sandbox; and not __fish_seen_subcommand_from reset help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand sandbox; and __fish_seen_subcommand_from reset" -l ready -d 'The sandbox\'s ready line: its base URL and control token' -r -F
complete -c payctl -n "__fish_payctl_using_subcommand sandbox; and __fish_seen_subcommand_from reset" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand sandbox; and __fish_seen_subcommand_from reset" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand sandbox; and __fish_seen_subcommand_from reset" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand sandbox; and __fish_seen_subcommand_from reset" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand sandbox; and __fish_seen_subcommand_from reset" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand sandbox; and __fish_seen_subcommand_from reset" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand sandbox; and __fish_seen_subcommand_from reset" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand sandbox; and __fish_seen_subcommand_from reset" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand sandbox; and __fish_seen_subcommand_from help" -f -a "reset" -d 'Wipe a running sandbox back to its seeded state (POST /sandbox/reset)'
complete -c payctl -n "__fish_payctl_using_subcommand sandbox; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand fixtures; and not __fish_seen_subcommand_from run help" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand fixtures; and not __fish_seen_subcommand_from run help" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand fixtures; and not __fish_seen_subcommand_from run help" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand fixtures; and not __fish_seen_subcommand_from run help" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand fixtures; and not __fish_seen_subcommand_from run help" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand fixtures; and not __fish_seen_subcommand_from run help" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand fixtures; and not __fish_seen_subcommand_from run help" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand fixtures; and not __fish_seen_subcommand_from run help" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand fixtures; and not __fish_seen_subcommand_from run help" -f -a "run" -d 'Run fixture files in order; stops at the first failed step'
complete -c payctl -n "__fish_payctl_using_subcommand fixtures; and not __fish_seen_subcommand_from run help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand fixtures; and __fish_seen_subcommand_from run" -l ready -d 'A sandbox\'s ready line (`payctl sandbox --json`): base URL and credentials' -r -F
complete -c payctl -n "__fish_payctl_using_subcommand fixtures; and __fish_seen_subcommand_from run" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand fixtures; and __fish_seen_subcommand_from run" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand fixtures; and __fish_seen_subcommand_from run" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand fixtures; and __fish_seen_subcommand_from run" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand fixtures; and __fish_seen_subcommand_from run" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand fixtures; and __fish_seen_subcommand_from run" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand fixtures; and __fish_seen_subcommand_from run" -l dry-run -d 'Print the requests instead of sending them; references to earlier responses are shown as written'
complete -c payctl -n "__fish_payctl_using_subcommand fixtures; and __fish_seen_subcommand_from run" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand fixtures; and __fish_seen_subcommand_from run" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand fixtures; and __fish_seen_subcommand_from help" -f -a "run" -d 'Run fixture files in order; stops at the first failed step'
complete -c payctl -n "__fish_payctl_using_subcommand fixtures; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand trigger" -l ready -d 'A sandbox\'s ready line (`payctl sandbox --json`): base URL and credentials' -r -F
complete -c payctl -n "__fish_payctl_using_subcommand trigger" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand trigger" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand trigger" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand trigger" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand trigger" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand trigger" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand trigger" -l dry-run -d 'Print the requests instead of sending them'
complete -c payctl -n "__fish_payctl_using_subcommand trigger" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand trigger" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys customers beneficiaries accounts wallets pricing quotes transfer payments transfers swaps transactions webhooks logs listen api completions sandbox fixtures trigger help" -f -a "config" -d 'Show and edit profiles (config.toml)'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys customers beneficiaries accounts wallets pricing quotes transfer payments transfers swaps transactions webhooks logs listen api completions sandbox fixtures trigger help" -f -a "login" -d 'Log in to the dashboard with the password grant'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys customers beneficiaries accounts wallets pricing quotes transfer payments transfers swaps transactions webhooks logs listen api completions sandbox fixtures trigger help" -f -a "logout" -d 'Forget the profile\'s login tokens'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys customers beneficiaries accounts wallets pricing quotes transfer payments transfers swaps transactions webhooks logs listen api completions sandbox fixtures trigger help" -f -a "whoami" -d 'Show the logged-in dashboard user and partner'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys customers beneficiaries accounts wallets pricing quotes transfer payments transfers swaps transactions webhooks logs listen api completions sandbox fixtures trigger help" -f -a "apps" -d 'Create, list, inspect and deactivate applications'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys customers beneficiaries accounts wallets pricing quotes transfer payments transfers swaps transactions webhooks logs listen api completions sandbox fixtures trigger help" -f -a "keys" -d 'Create, list, revoke and rotate API keys'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys customers beneficiaries accounts wallets pricing quotes transfer payments transfers swaps transactions webhooks logs listen api completions sandbox fixtures trigger help" -f -a "customers" -d 'Create, list and inspect customers; approve or reject them in the sandbox'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys customers beneficiaries accounts wallets pricing quotes transfer payments transfers swaps transactions webhooks logs listen api completions sandbox fixtures trigger help" -f -a "beneficiaries" -d 'Create, list and inspect beneficiaries and their payout accounts'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys customers beneficiaries accounts wallets pricing quotes transfer payments transfers swaps transactions webhooks logs listen api completions sandbox fixtures trigger help" -f -a "accounts" -d 'Settlement accounts and wallets, balances, customer accounts'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys customers beneficiaries accounts wallets pricing quotes transfer payments transfers swaps transactions webhooks logs listen api completions sandbox fixtures trigger help" -f -a "wallets" -d 'Validate addresses; manage the partner\'s wallets'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys customers beneficiaries accounts wallets pricing quotes transfer payments transfers swaps transactions webhooks logs listen api completions sandbox fixtures trigger help" -f -a "pricing" -d 'Markups, corridors and fee simulation'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys customers beneficiaries accounts wallets pricing quotes transfer payments transfers swaps transactions webhooks logs listen api completions sandbox fixtures trigger help" -f -a "quotes" -d 'Create, inspect and accept transaction quotes'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys customers beneficiaries accounts wallets pricing quotes transfer payments transfers swaps transactions webhooks logs listen api completions sandbox fixtures trigger help" -f -a "transfer" -d 'Send money, guided: quote, confirm, accept, create, optionally wait'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys customers beneficiaries accounts wallets pricing quotes transfer payments transfers swaps transactions webhooks logs listen api completions sandbox fixtures trigger help" -f -a "payments" -d 'Payments collected on a virtual IBAN (TEST keys only)'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys customers beneficiaries accounts wallets pricing quotes transfer payments transfers swaps transactions webhooks logs listen api completions sandbox fixtures trigger help" -f -a "transfers" -d 'Transfers: payins, payouts, bridges and on-chain swaps'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys customers beneficiaries accounts wallets pricing quotes transfer payments transfers swaps transactions webhooks logs listen api completions sandbox fixtures trigger help" -f -a "swaps" -d 'On-chain stablecoin swaps (onchain-fx)'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys customers beneficiaries accounts wallets pricing quotes transfer payments transfers swaps transactions webhooks logs listen api completions sandbox fixtures trigger help" -f -a "transactions" -d 'List and inspect transactions'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys customers beneficiaries accounts wallets pricing quotes transfer payments transfers swaps transactions webhooks logs listen api completions sandbox fixtures trigger help" -f -a "webhooks" -d 'Webhook endpoints, deliveries, and signature verification'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys customers beneficiaries accounts wallets pricing quotes transfer payments transfers swaps transactions webhooks logs listen api completions sandbox fixtures trigger help" -f -a "logs" -d 'Request logs of the application: list with filters, or follow'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys customers beneficiaries accounts wallets pricing quotes transfer payments transfers swaps transactions webhooks logs listen api completions sandbox fixtures trigger help" -f -a "listen" -d 'Receive webhooks locally: verify, print and forward each delivery'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys customers beneficiaries accounts wallets pricing quotes transfer payments transfers swaps transactions webhooks logs listen api completions sandbox fixtures trigger help" -f -a "api" -d 'Send one raw request to the API, like `gh api`: for support and debugging'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys customers beneficiaries accounts wallets pricing quotes transfer payments transfers swaps transactions webhooks logs listen api completions sandbox fixtures trigger help" -f -a "completions" -d 'Print a shell completion script'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys customers beneficiaries accounts wallets pricing quotes transfer payments transfers swaps transactions webhooks logs listen api completions sandbox fixtures trigger help" -f -a "sandbox" -d 'Run the whole API locally (axum over SQLite) with demo data'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys customers beneficiaries accounts wallets pricing quotes transfer payments transfers swaps transactions webhooks logs listen api completions sandbox fixtures trigger help" -f -a "fixtures" -d 'Run fixtures: JSON scenario files of API steps'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys customers beneficiaries accounts wallets pricing quotes transfer payments transfers swaps transactions webhooks logs listen api completions sandbox fixtures trigger help" -f -a "trigger" -d 'Fire a webhook event by running its shipped fixture'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys customers beneficiaries accounts wallets pricing quotes transfer payments transfers swaps transactions webhooks logs listen api completions sandbox fixtures trigger help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "show" -d 'Show the selected profile\'s settings as they resolve (flags, environment, profile, defaults)'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "set" -d 'Set one key of the selected profile; an empty VALUE unsets it'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "use" -d 'Make PROFILE the default for later commands'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "list" -d 'List the profiles; the default one is marked'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "init" -d 'Create a profile from the JSON ready line of `payctl sandbox --json`'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from apps" -f -a "create" -d 'Create an application; its environment is fixed for life'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from apps" -f -a "list" -d 'List applications, newest first'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from apps" -f -a "get" -d 'Show one application'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from apps" -f -a "deactivate" -d 'Deactivate an application: its keys then answer 403 ATH_0002'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from keys" -f -a "create" -d 'Create a key; its secret exists only in this answer, so keep it with --save or see it with --show-secret'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from keys" -f -a "list" -d 'List the keys of an application, newest first (never their secrets)'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from keys" -f -a "revoke" -d 'Revoke a key at once; calls with it then answer 401'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from keys" -f -a "rotate" -d 'Create a new key, switch the profile to it, then revoke the old one'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from customers" -f -a "create" -d 'Create a customer (`POST /v1/customers`); verification starts pending'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from customers" -f -a "list" -d 'List customers, newest first'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from customers" -f -a "get" -d 'Show one customer'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from customers" -f -a "approve" -d 'Sandbox only: approve a pending customer\'s verification (TEST key)'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from customers" -f -a "reject" -d 'Sandbox only: reject a pending customer\'s verification (TEST key)'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from beneficiaries" -f -a "create" -d 'Create a beneficiary with its payout account (`POST /v1/beneficiaries`)'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from beneficiaries" -f -a "list" -d 'List a customer\'s beneficiaries, newest first'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from beneficiaries" -f -a "get" -d 'Show one beneficiary'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from accounts" -f -a "create" -d 'Open a fiat settlement account or a stablecoin wallet (`POST /v1/accounts`)'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from accounts" -f -a "list" -d 'List the application\'s settlement accounts and wallets, newest first'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from accounts" -f -a "get" -d 'Show one settlement account or wallet'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from accounts" -f -a "balances" -d 'The application\'s own ledger accounts (float, fees, settlement, wallets) with balances'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from accounts" -f -a "customer" -d 'A customer\'s ledger accounts (`GET /v1/customers/{id}/accounts`)'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from wallets" -f -a "validate" -d 'Check an address for a network (public route: no credential needed)'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from wallets" -f -a "partner" -d 'The partner\'s wallets, one per network and role (dashboard login)'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from pricing" -f -a "markup" -d 'The markup added to the platform fee, for the partner or one customer'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from pricing" -f -a "corridors" -d 'The corridors of the service with their mid rates'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from pricing" -f -a "simulate" -d 'Price a transfer: fee, net amount, rate and destination amount'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from quotes" -f -a "create" -d 'Price a movement and lock its rate (`POST /v1/transactions/quote`)'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from quotes" -f -a "get" -d 'Show one quote; a quote not accepted in time reads EXPIRED'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from quotes" -f -a "accept" -d 'Accept a quote before it expires, so a transaction can use it'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from payments" -f -a "create" -d 'Create a payment for an accepted legacy quote; prints the collection instructions'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from payments" -f -a "list" -d 'List payments, newest first'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from payments" -f -a "get" -d 'Show one payment'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from payments" -f -a "fund" -d 'Sandbox only: mark a payment\'s funds as received (TEST key)'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from transfers" -f -a "create" -d 'Start a transfer (`POST /v1/transfers`); the body names its kind'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from transfers" -f -a "get" -d 'Show one transfer'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from swaps" -f -a "create" -d 'Swap one stablecoin for another on chain (`POST /v1/onchain-fx`)'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from swaps" -f -a "get" -d 'Show one swap in the shape of spec 2.11 (`GET /v1/onchain-fx/{fx_id}`)'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from transactions" -f -a "list" -d 'List transactions, newest first'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from transactions" -f -a "get" -d 'Show one transaction, by its id or its txn_ external id'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from webhooks" -f -a "create" -d 'Register an endpoint; its signing secret is shown only in this answer'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from webhooks" -f -a "list" -d 'List endpoints, newest first (secrets masked)'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from webhooks" -f -a "get" -d 'Show one endpoint (secret masked)'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from webhooks" -f -a "update" -d 'Change an endpoint\'s URL, description, events or status'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from webhooks" -f -a "delete" -d 'Delete an endpoint and its deliveries'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from webhooks" -f -a "rotate-secret" -d 'Replace an endpoint\'s signing secret; the old one signs nothing more'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from webhooks" -f -a "deliveries" -d 'List an endpoint\'s deliveries with their attempts, newest first'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from webhooks" -f -a "redeliver" -d 'Queue one more attempt of a delivery, now'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from webhooks" -f -a "verify" -d 'Check a delivery\'s X-Service-Signature against its raw payload (no API call)'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from logs" -f -a "list" -d 'List request logs, newest first'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from logs" -f -a "tail" -d 'Print new request logs as they arrive, until Ctrl-C'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from logs" -f -a "export" -d 'Turn request logs (oldest first) into a fixture that replays them: ids of objects created in the sequence become references, redacted values become ${env.REDACTED_<FIELD>} placeholders'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from sandbox" -f -a "reset" -d 'Wipe a running sandbox back to its seeded state (POST /sandbox/reset)'
complete -c payctl -n "__fish_payctl_using_subcommand help; and __fish_seen_subcommand_from fixtures" -f -a "run" -d 'Run fixture files in order; stops at the first failed step'
