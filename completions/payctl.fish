complete --keep-order --exclusive --command payctl --arguments "(COMPLETE=fish payctl -- (commandline --current-process --tokenize --cut-at-cursor) (commandline --current-token))"
