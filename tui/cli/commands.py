"""What each sub-command of ``tablekeeper`` does with its arguments, and the app's start.

Each runner parses its words with its own parser (:mod:`tui.cli.parsers`), checks what the
parser cannot (a file that must exist and be regular, a port in range), then hands over to
the module that does the work (:mod:`tui.cli.check`, :mod:`tui.cli.serve`, …), imported
only then. :func:`run_app` starts the app on the parsed app command line. Every bad value
is a :class:`~tui.cli.parsers.UsageError`: one line on stderr, exit status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from tui.cli.parsers import UsageError, env, parser
from tui.cli.shellout import safe_output
from tui.language import _, msg

__all__ = ["RUNS", "run_app", "terminal_problem"]


def _recap(args: Sequence[str]) -> int:
    ns = parser("recap").parse_args(args)
    save = _existing_file(ns.file, "FILE")
    from tui.session.recap import RecapOptions
    from tui.session.recap.select import parse_date

    if ns.adventure is not None and ns.adventure < 1:
        raise UsageError(_("--adventure: expected 1 or more, got {n}").format(n=ns.adventure))
    try:
        since = parse_date(ns.since) if ns.since is not None else None
    except ValueError as exc:
        raise UsageError(f"--since: {exc}") from None
    output = ns.output.expanduser() if ns.output is not None else None
    if output is not None:
        from tui.store.paths import log_path

        if output.is_dir():
            raise UsageError(_("-o: {output} is a folder").format(output=output))
        if output.resolve() in {save.resolve(), log_path(save.resolve())}:
            raise UsageError(
                _("-o: {output} is the campaign itself; name a .md file").format(output=output)
            )
    from tui.cli.recap import recap_main

    return recap_main(save, RecapOptions(ns.adventure, since, ns.scene, ns.gm), output)


def _serve(args: Sequence[str]) -> int:
    ns = parser("serve").parse_args(args)
    save = _existing_file(ns.file, "FILE")
    if not 0 < ns.port < 65536:
        raise UsageError(_("--port: expected 1..65535, got {port}").format(port=ns.port))
    config = _existing_file(ns.config, "--config") if ns.config is not None else None
    if ns.max_viewers < 1:
        raise UsageError(_("--max-viewers: expected 1 or more, got {n}").format(n=ns.max_viewers))
    from tui.cli.serve import serve_main

    return serve_main(
        save,
        host=ns.host,
        port=ns.port,
        config=config,
        max_viewers=ns.max_viewers,
        new_links=ns.new_links,
    )


def _import(args: Sequence[str]) -> int:
    ns = parser("import").parse_args(args)
    if ns.bestiary:
        from tui.cli.bestiary_import import bestiary_main

        return bestiary_main([Path(ns.save), *(Path(f) for f in ns.files)])
    if not ns.files:
        raise UsageError(_("give the character files to import after CAMPAIGN"))
    save = _existing_file(Path(ns.save), "CAMPAIGN")
    from tui.cli.importer import import_main

    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    return import_main(
        save,
        [Path(f) for f in ns.files],
        side="npc" if ns.npc else "party",
        gm_only=ns.gm_only,
        yes=ns.yes,
        on_clash=ns.on_clash,
        ask=input if interactive else None,
    )


def _config(args: Sequence[str]) -> int:
    ns = parser("config").parse_args(args)
    from tui.cli import settings

    path, named_by = settings.config_source(ns.config, os.environ)
    if named_by != "default":
        path = _existing_file(path, named_by)
    if ns.action == "check":
        return settings.check_config(path)
    saves = _folder(ns.saves, "--saves") if ns.saves is not None else None
    return settings.show(path, named_by, lang=ns.lang, saves=saves, seed=ns.seed)


def _completion(args: Sequence[str]) -> int:
    ns = parser("completion").parse_args(args)
    from tui.cli.completion import script
    from tui.cli.parsers import parsers

    sys.stdout.write(script(ns.shell, parsers()))
    return 0


def _check(args: Sequence[str]) -> int:
    files = parser("check").parse_args(args).files
    from tui.cli.check import check_main

    return check_main(files)


RUNS: dict[str, Callable[[Sequence[str]], int]] = {
    "check": _check,
    "serve": _serve,
    "recap": _recap,
    "import": _import,
    "config": _config,
    "completion": _completion,
}


def _seed(ns: argparse.Namespace) -> int | None:
    if ns.seed is not None:
        return int(ns.seed)
    text = env("TABLEKEEPER_SEED")
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        raise UsageError(
            _("TABLEKEEPER_SEED: expected a whole number, got {text!r}").format(text=text)
        ) from None


def _folder(path: Path, source: str) -> Path:
    path = path.expanduser()
    if path.exists() and not path.is_dir():
        raise UsageError(_("{source}: {path} is not a folder").format(source=source, path=path))
    return path


def _existing_file(path: Path, source: str) -> Path:
    path = path.expanduser()
    if path.is_dir():
        hint = _(" (--saves DIR opens the picker on a folder)") if source == "SAVE" else ""
        raise UsageError(
            _("{source}: {path} is a folder, not a file{hint}").format(
                source=source, path=path, hint=hint
            )
        )
    from tui.store.regular import why_not_regular  # here: the store loads with a campaign

    why = why_not_regular(path)
    if why is None:
        return path
    if not os.path.lexists(path):
        raise UsageError(_("{source}: no such file: {path}").format(source=source, path=path))
    raise UsageError(_("{source}: {path}: {why}").format(source=source, path=path, why=why))


def run_app(ns: argparse.Namespace) -> int:
    from dataclasses import replace

    from tui.app.config import load_config
    from tui.base.locations import config_path

    seed = _seed(ns)
    save = _existing_file(ns.save, "SAVE") if ns.save is not None else None
    explicit = ns.config if ns.config is not None else env("TABLEKEEPER_CONFIG")
    source = "--config" if ns.config is not None else "TABLEKEEPER_CONFIG"
    path = _existing_file(Path(explicit), source) if explicit is not None else config_path()
    saves_env = env("TABLEKEEPER_SAVES")
    if ns.saves is not None:
        saves: Path | None = _folder(ns.saves, "--saves")
    elif saves_env is not None:
        saves = _folder(Path(saves_env), "TABLEKEEPER_SAVES")
    else:
        saves = None

    from textual.theme import BUILTIN_THEMES

    from tui.cli.settings import default_keys

    config = load_config(path, themes=BUILTIN_THEMES, binding_ids=default_keys)
    if config.saves is not None and config.saves.exists() and not config.saves.is_dir():
        # a message, shown in the language chosen by the time the app shows it (as the
        # config's own problems are)
        problem = msg(
            "{name}: saves: {saves} is not a folder; using the default",
            name=path.name,
            saves=str(config.saves),
        )
        config = replace(config, saves=None, problems=(*config.problems, problem))
    if saves is None:
        saves = config.saves

    from tui import language as i18n

    i18n.set_language(i18n.choose(ns.lang, config.language, os.environ))  # as the app's
    no_terminal = terminal_problem()
    if no_terminal is not None:
        raise UsageError(no_terminal)
    import random

    from tui.app.app import TablekeeperApp
    from tui.cli.crash import guard

    rng = random.Random(seed) if seed is not None else random.Random()
    app = TablekeeperApp(save, saves_dir=saves, rng=rng, read_only=ns.read_only, config=config)
    crash = guard(app)
    app.run()
    with safe_output():  # the app has let the terminal go; an error's text may quote a save
        return crash.report()


def terminal_problem() -> str | None:
    """Why the app cannot be drawn here, or ``None``: it needs a terminal on stdin and stdout,
    one that moves the cursor (not ``TERM=dumb``). Under another driver (``tablekeeper
    serve`` sets ``TEXTUAL_DRIVER``) the terminal is not ours to check."""
    if env("TEXTUAL_DRIVER") is not None:
        return None
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return _(
            "no terminal: the app needs one on stdin and stdout (for scripts: "
            "tablekeeper check, recap, import, config)"
        )
    if os.environ.get("TERM") == "dumb":
        return _(
            "TERM=dumb cannot show the app: it needs a terminal that moves the cursor "
            "(e.g. TERM=xterm-256color); check, recap, import and config work here"
        )
    return None
