"""End-to-end tests of the installed command in a real terminal (tmux) and over SSH."""
