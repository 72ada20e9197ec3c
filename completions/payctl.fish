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
complete -c payctl -n "__fish_payctl_needs_command" -f -a "api" -d 'Send one raw request to the API, like `gh api`: for support and debugging'
complete -c payctl -n "__fish_payctl_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c payctl -n "__fish_payctl_needs_command" -f -a "sandbox" -d 'Run the whole API locally (axum over SQLite) with demo data'
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
complete -c payctl -n "__fish_payctl_using_subcommand sandbox" -l listen -d 'Address to listen on; port 0 picks a free port' -r
complete -c payctl -n "__fish_payctl_using_subcommand sandbox" -l db -d 'SQLite database file (default: sandbox.db in the user\'s data directory)' -r -F
complete -c payctl -n "__fish_payctl_using_subcommand sandbox" -l rate-limit -d 'Per-API-key rate limits: PER_MINUTE[/PER_HOUR] (default 100/5000), or `off` (e.g. for load tests). PER_MINUTE alone sets PER_HOUR to 60 times it' -r
complete -c payctl -n "__fish_payctl_using_subcommand sandbox" -l profile -d 'Profile of the config file to use' -r
complete -c payctl -n "__fish_payctl_using_subcommand sandbox" -l base-url -d 'Base URL of the API [default: the profile\'s, else http://127.0.0.1:4242]' -r
complete -c payctl -n "__fish_payctl_using_subcommand sandbox" -l auth-url -d 'Identity provider URL [default: the profile\'s, else <base-url>/auth/realms/sandbox]' -r
complete -c payctl -n "__fish_payctl_using_subcommand sandbox" -l api-key -d 'API key secret for X-API-Key calls, instead of the profile\'s stored key' -r
complete -c payctl -n "__fish_payctl_using_subcommand sandbox" -s o -l output -d 'Output format [default: table on a terminal, json otherwise]' -r -f -a "table\t''
json\t''"
complete -c payctl -n "__fish_payctl_using_subcommand sandbox" -l request-id -d 'X-Request-ID to send; the API echoes it as correlation_id' -r
complete -c payctl -n "__fish_payctl_using_subcommand sandbox" -l in-memory -d 'Keep everything in memory; nothing is written to disk'
complete -c payctl -n "__fish_payctl_using_subcommand sandbox" -l json -d 'Print the ready line as one JSON object on stdout (for scripts)'
complete -c payctl -n "__fish_payctl_using_subcommand sandbox" -s v -l verbose -d 'Show requests and responses on stderr, secrets masked'
complete -c payctl -n "__fish_payctl_using_subcommand sandbox" -s h -l help -d 'Print help'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys api completions sandbox help" -f -a "config" -d 'Show and edit profiles (config.toml)'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys api completions sandbox help" -f -a "login" -d 'Log in to the dashboard with the password grant'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys api completions sandbox help" -f -a "logout" -d 'Forget the profile\'s login tokens'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys api completions sandbox help" -f -a "whoami" -d 'Show the logged-in dashboard user and partner'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys api completions sandbox help" -f -a "apps" -d 'Create, list, inspect and deactivate applications'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys api completions sandbox help" -f -a "keys" -d 'Create, list, revoke and rotate API keys'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys api completions sandbox help" -f -a "api" -d 'Send one raw request to the API, like `gh api`: for support and debugging'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys api completions sandbox help" -f -a "completions" -d 'Print a shell completion script'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys api completions sandbox help" -f -a "sandbox" -d 'Run the whole API locally (axum over SQLite) with demo data'
complete -c payctl -n "__fish_payctl_using_subcommand help; and not __fish_seen_subcommand_from config login logout whoami apps keys api completions sandbox help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
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
