"""The GM's language: one translation layer over the standard library's :mod:`gettext`.

Every user-facing string goes through :func:`_` (a message), :func:`ngettext` (a message with
a count: Russian has three plural forms, «1 попадание», «2 попадания», «5 попаданий») or
:func:`N_` (marks a constant for the catalog; translated where it is shown). The English text
*is* the message id, so English costs nothing: no catalog is read, not even :mod:`gettext`
is imported, the calls return their argument. Russian is a plain Python data package
(:mod:`tui.language.ru`: a dict per part of the app, and the plural forms), imported the first
time Russian is chosen — it ships inside the ``tui`` package, needs no build step and no
package data; it is wrapped in a :class:`gettext.NullTranslations` subclass, so lookups go
through the standard interface.

Choosing the language (:func:`choose`): ``--lang ru|en``, else the config's ``language``,
else the locale (``LC_ALL``, then ``LC_MESSAGES``, then ``LANG``; ``ru_*`` is Russian), else
English.

The log keeps structured facts, not only sentences: :class:`Msg` is a message id with its
arguments (numbers, names, or other messages such as a grade), stored in a log entry's
``msg`` table and rendered in the *current* language when shown, so a campaign logged in
one language reads in the other. An entry without one (older logs) shows its text.

Adding a string: wrap it (``_("Scene ended")``, ``ngettext("{n} hit", "{n} hits", n)``,
``msg("{actor} wins", actor=name)``), then run ``tests/test_i18n_catalog.py``: it finds
every such call in ``tui/`` and fails naming each message the Russian catalog lacks (and
each entry no code uses any more); add the Russian to its part of ``tui/language/ru/``.

Imports no Textual or Rich (the session modules use it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import gettext

__all__ = [
    "LANGUAGES",
    "N_",
    "Msg",
    "_",
    "choose",
    "current",
    "joined",
    "locale_language",
    "msg",
    "msg_from_doc",
    "ngettext",
    "nmsg",
    "ru_form",
    "set_language",
    "term",
    "tr",
    "verbatim",
]

LANGUAGES = ("en", "ru")


def ru_form(n: int) -> int:
    """Index of the Russian plural form of ``n``: 0 «одно», 1 «два–четыре», 2 «пять»."""
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


def _catalog(
    messages: Mapping[str, str], plurals: Mapping[str, tuple[str, str, str]]
) -> gettext.NullTranslations:
    """A gettext translation from two dicts (message → text, singular → plural forms)."""
    import gettext

    class Catalog(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return messages.get(message, message)

        def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
            forms = plurals.get(msgid1)
            if forms is None:
                return msgid1 if n == 1 else msgid2
            return forms[ru_form(n)]

    return Catalog()


#: the translation in use; ``None`` is English (no catalog, not even gettext, is loaded)
_state: dict[str, Any] = {"lang": "en", "tr": None}


def set_language(lang: str) -> None:
    """Use ``lang`` (``en`` or ``ru``) from now on; anything else is English."""
    if lang == "ru":
        from tui.language import ru as i18n_ru

        _state["tr"] = _catalog(i18n_ru.MESSAGES, i18n_ru.PLURALS)
        _state["lang"] = "ru"
    else:
        _state["tr"] = None
        _state["lang"] = "en"


def current() -> str:
    """The language in use: ``en`` or ``ru``."""
    return str(_state["lang"])


def locale_language(environ: Mapping[str, str]) -> str | None:
    """``ru`` or ``en`` from the locale variables (the first one set decides), or None."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            lang = value.split("_")[0].split(".")[0].casefold()
            return lang if lang in LANGUAGES else None
    return None


def choose(flag: str | None, configured: str | None, environ: Mapping[str, str]) -> str:
    """The language: ``--lang``, else the config's ``language``, else the locale, else en."""
    for value in (flag, configured, locale_language(environ)):
        if value in LANGUAGES:
            return str(value)
    return "en"


def _(message: str) -> str:
    """``message`` in the current language (the English text is its own id)."""
    tr_: gettext.NullTranslations | None = _state["tr"]
    return message if tr_ is None else tr_.gettext(message)


def N_(message: str) -> str:
    """Marks ``message`` for the catalog without translating it (translate where shown)."""
    return message


def tr(text: str) -> str:
    """A known term in the current language: a rules label (``critical success``), a grade
    or a phase, listed for the catalog in its system's ``words`` module (``TERMS``)."""
    tr_: gettext.NullTranslations | None = _state["tr"]
    return text if tr_ is None else tr_.gettext(text)


def term(text: str) -> Msg:
    """A known term (see :func:`tr`) as a stored message."""
    return Msg(text)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message for ``n`` (``{n}`` in it is *not* filled in)."""
    tr_: gettext.NullTranslations | None = _state["tr"]
    if tr_ is None:
        return singular if n == 1 else plural
    return tr_.ngettext(singular, plural, n)


@dataclass(frozen=True)
class Msg:
    """A message with its arguments, rendered in the current language when shown.

    ``plural`` (with an ``n`` argument) makes it a counted message. Arguments that are
    themselves :class:`Msg` (a grade, a verdict) are rendered too; other values are shown
    as they are (names, numbers, dice).
    """

    id: str
    args: tuple[tuple[str, str | int | Msg], ...] = ()
    plural: str = ""

    def render(self) -> str:
        values = {k: v.render() if isinstance(v, Msg) else v for k, v in self.args}
        if self.plural:
            n = values.get("n", 0)
            template = ngettext(self.id, self.plural, n if isinstance(n, int) else 0)
        else:
            template = _(self.id)
        return _fill(template, values, self.id)

    def english(self) -> str:
        """The message in English whatever the language (a log entry's ``text``)."""
        values = {k: v.english() if isinstance(v, Msg) else v for k, v in self.args}
        template = self.id
        if self.plural and values.get("n", 0) != 1:
            template = self.plural
        return _fill(template, values, self.id)

    def __str__(self) -> str:
        return self.render()

    def to_doc(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"id": self.id}
        if self.plural:
            doc["plural"] = self.plural
        if self.args:
            doc["args"] = {k: v.to_doc() if isinstance(v, Msg) else v for k, v in self.args}
        return doc


def _fill(template: str, values: Mapping[str, object], fallback: str) -> str:
    """``template`` filled in; a slip (a stored message naming an argument it lacks, a
    catalog typo) shows the English template or the bare id, never an exception."""
    for text in (template, fallback):
        try:
            return text.format(**values)
        except (KeyError, IndexError, ValueError, AttributeError):
            continue
    return fallback


def msg(message: str, /, **args: str | int | Msg) -> Msg:
    """A stored message: ``msg("{actor} wins", actor="Naomi")``."""
    return Msg(message, tuple(args.items()))


def nmsg(singular: str, plural: str, n: int, /, **args: str | int | Msg) -> Msg:
    """A stored counted message: ``nmsg("{n} hit", "{n} hits", 3)``."""
    return Msg(singular, (("n", n), *args.items()), plural)


def joined(*parts: str | Msg) -> Msg:
    """Messages and plain strings shown one after another, each part in the current
    language when shown (a sentence built from optional pieces). Its id is a bare template
    (``{p0}{p1}``), the same in any language, so it needs no catalog entry."""
    return Msg(
        "".join(f"{{p{i}}}" for i in range(len(parts))),
        tuple((f"p{i}", part) for i, part in enumerate(parts)),
    )


def verbatim(text: str) -> Msg:
    """A plain string (a name, a GM's note) stored as a message that renders as itself."""
    return Msg("{text}", (("text", text),))


def msg_from_doc(doc: object) -> Msg:
    """A message from its stored table; raise ``ValueError`` naming what is wrong."""
    if not isinstance(doc, Mapping) or not isinstance(doc.get("id"), str):
        raise ValueError("msg: " + _("expected a table with an id"))
    plural = doc.get("plural", "")
    if not isinstance(plural, str):
        raise ValueError("msg.plural: " + _("expected a string"))
    raw = doc.get("args", {})
    if not isinstance(raw, Mapping):
        raise ValueError("msg.args: " + _("expected a table"))
    args: list[tuple[str, str | int | Msg]] = []
    for key, value in raw.items():
        if isinstance(value, Mapping):
            args.append((str(key), msg_from_doc(value)))
        elif isinstance(value, str | int) and not isinstance(value, bool):
            args.append((str(key), value))
        else:
            raise ValueError(f"msg.args.{key}: " + _("expected a string, number or message"))
    return Msg(doc["id"], tuple(args), plural)
