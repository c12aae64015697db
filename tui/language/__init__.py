"""The GM's language: one translation layer over the standard library's :mod:`gettext`.

Every user-facing string goes through :func:`_`, :func:`ngettext`, :func:`pgettext` or
:func:`N_`; the English text *is* the message id, so English costs nothing: no catalog is
read, not even :mod:`gettext` is imported. Each other language is a translators' catalog,
``locale/<lang>/LC_MESSAGES/tablekeeper.po`` here, read the first time it is chosen (from
its compiled copy in the per-user cache when the entry point set one up,
:func:`keep_compiled`; ``compiled``); a folder
with a catalog is a language (:func:`languages`). How to add and translate a string is in
the README (*Language*, *Translating*). Imports no Textual or Rich. Beside it: ``po`` (the
catalog reader), ``help`` (the translated help pages), ``message`` (:class:`Msg`, a message
with its arguments, re-exported here and loaded with the first one), ``normalise`` (a
developer's tool: the catalogs brought in line with the code, ``python -m
tui.language.normalise``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

#: :data:`typing.TYPE_CHECKING` without importing :mod:`typing`, a few milliseconds of every
#: start (``tablekeeper --help`` needs nothing of it); type checkers take the name as true
TYPE_CHECKING = False
if TYPE_CHECKING:
    import gettext
    from typing import Any

    from tui.language.compiled import Reader
    from tui.language.message import Msg
    from tui.language.po import Entry

__all__ = [
    "GM_HINT",
    "LANGUAGES",
    "NC_",
    "N_",
    "Msg",
    "_",
    "add_messages",
    "byte_count",
    "catalog_path",
    "char_count",
    "choose",
    "current",
    "entry_words",
    "gm_hint",
    "joined",
    "keep_compiled",
    "language_name",
    "languages",
    "locale_language",
    "msg",
    "msg_from_doc",
    "ngettext",
    "nmsg",
    "pgettext",
    "plural_index",
    "ru_form",
    "set_language",
    "shown_entry_words",
    "term",
    "tr",
    "verbatim",
    "vs_words",
]

#: where the catalogs live: ``<lang>/LC_MESSAGES/tablekeeper.po`` (and ``<lang>/help/``)
LOCALE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")
DOMAIN = "tablekeeper"
SOURCE = "en"  # the language of the message ids: no catalog


def _code_ok(lang: str) -> bool:
    """``ru``, ``pt_BR``: a folder name, never a path (``--lang ../x`` is no language)."""
    return 2 <= len(lang) <= 12 and lang.isascii() and lang.replace("_", "").isalnum()


def catalog_path(lang: str) -> str:
    """The file of ``lang``'s catalog (it may not exist)."""
    return os.path.join(LOCALE, lang, "LC_MESSAGES", DOMAIN + ".po")


def _has_catalog(lang: str) -> bool:
    return _code_ok(lang) and os.path.isfile(catalog_path(lang))


def languages() -> tuple[str, ...]:
    """English and every language with a catalog folder, in alphabetical order after English."""
    try:
        found = sorted(d for d in os.listdir(LOCALE) if d != SOURCE and _has_catalog(d))
    except OSError:
        found = []
    return (SOURCE, *found)


def __getattr__(name: str) -> Any:
    # ``LANGUAGES`` is read from the folder when asked for, so importing costs nothing; and
    # :class:`Msg` lives in its own module, loaded with the first message (the command
    # line's ``--help`` and ``--version`` need none, nor the dataclasses module it needs)
    if name == "LANGUAGES":
        return languages()
    if name == "Msg":
        from tui.language.message import Msg

        return Msg
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def language_name(lang: str) -> str:
    """The language's own name, from its catalog's ``X-Language-Name`` header (``Русский``),
    else its ``Language-Team``; the code itself when the catalog names neither."""
    if lang == SOURCE:
        return "English"
    if not _has_catalog(lang):
        return lang
    from tui.language import po

    with open(catalog_path(lang), encoding="utf-8") as f:
        head = f.read(8192).split("\n\n", 1)[0]
    headers = po.parse(head).headers
    # a header of its own, which Poedit and Weblate leave alone (they rewrite Language-Team)
    team = headers.get("X-Language-Name") or headers.get("Language-Team", "")
    name = team.split("<", 1)[0].strip()
    return lang if not name or name.upper() == "LANGUAGE" else name


#: the messages added at run time (:func:`add_messages`), per language
_added: dict[str, list[Entry]] = {}
#: each catalog file's (header, entries), read once
_read: dict[str, tuple[str, tuple[Entry, ...]]] = {}
#: the translation in use; ``None`` is English (no catalog, not even gettext, is loaded)
_state: dict[str, Any] = {"lang": SOURCE, "tr": None}
#: each catalog file's translations without added messages, compiled once
_base: dict[str, gettext.GNUTranslations] = {}
#: where compiled catalogs are kept and how they are read (:func:`keep_compiled`)
_compiled_in: dict[str, Any] = {"folder": None, "read": None}


def keep_compiled(folder: str | os.PathLike[str] | None, read: Reader | None) -> None:
    """Keep each catalog compiled in ``folder`` (the per-user cache's ``catalogs/``), read
    with ``read`` (:func:`tui.base.regular.read_bounded`), so a start does not parse the
    ``.po`` again (:mod:`tui.language.compiled`); ``None``: parse it every time. The entry
    point sets it: this layer knows neither the user's folders nor the file opener."""
    _compiled_in["folder"], _compiled_in["read"] = folder, read


def _entries(lang: str) -> tuple[str, tuple[Entry, ...]]:
    path = catalog_path(lang)
    if path not in _read:
        from tui.language import po

        catalog = po.read(path)
        _read[path] = (catalog.header, catalog.entries)
    return _read[path]


def _compiled(lang: str) -> gettext.GNUTranslations:
    """``lang``'s catalog as it ships, from the compiled cache when there is one."""
    path = catalog_path(lang)
    if path not in _base:
        from tui.language.compiled import compiled

        _base[path] = compiled(path, lang, _compiled_in["folder"], _compiled_in["read"])
    return _base[path]


def _translations(lang: str) -> gettext.NullTranslations:
    if not _added.get(lang):
        return _compiled(lang)
    from tui.language import po

    header, entries = _entries(lang)
    return po.translations(header, (*entries, *_added.get(lang, ())))


def set_language(lang: str) -> None:
    """Use ``lang`` from now on; English, or a language without a catalog, is English."""
    if lang != SOURCE and _has_catalog(lang):
        _state["tr"] = _translations(lang)
        _state["lang"] = lang
    else:
        _state["tr"] = None
        _state["lang"] = SOURCE


def current() -> str:
    """The language in use: ``en``, ``ru``, … (a catalog folder's name)."""
    return str(_state["lang"])


def add_messages(
    lang: str,
    messages: Mapping[str | tuple[str, str], str | Sequence[str]],
    context: str | None = None,
) -> None:
    """Translations added at run time (a system that ships outside the catalog, a test):
    ``{msgid: text}``, or ``{(singular, plural): (form, form, …)}`` for a counted message,
    in ``lang``'s catalog, under ``context`` if given; they win over the catalog's own
    (English needs none: its messages are their own ids)."""
    from tui.language.po import Entry

    added = _added.setdefault(lang, [])
    for key, text in messages.items():
        strings = (text,) if isinstance(text, str) else tuple(text)
        if isinstance(key, tuple):
            added.append(Entry(key[0], strings, context, key[1]))
        else:
            added.append(Entry(key, strings, context))
    if _state["lang"] == lang and lang != SOURCE:
        _state["tr"] = _translations(lang)


def plural_index(lang: str, n: int) -> int:
    """Which plural form ``lang``'s catalog uses for ``n`` (its ``Plural-Forms`` rule);
    English's is the source's own: 0 for one, 1 otherwise."""
    if lang == SOURCE or not _has_catalog(lang):
        return 0 if n == 1 else 1
    import gettext

    rule = _compiled(lang).info().get("plural-forms", "plural=(n != 1);")
    expression = rule.partition("plural=")[2].rstrip().rstrip(";")
    return int(gettext.c2py(expression)(abs(n)))


def ru_form(n: int) -> int:
    """Index of the Russian plural form of ``n`` (0 «одно», 1 «два–четыре», 2 «пять»), as the
    Russian catalog's header says."""
    return plural_index("ru", n)


def locale_language(environ: Mapping[str, str]) -> str | None:
    """A language with a catalog (or English) from the locale variables (the first one set
    decides: ``pt_BR.UTF-8`` is ``pt_BR`` if it has a catalog, else ``pt``), or None."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            full = value.split(".")[0].split("@")[0]
            for lang in (full, full.split("_")[0].casefold()):
                if lang == SOURCE or _has_catalog(lang):
                    return lang
            return None
    return None


def choose(flag: str | None, configured: str | None, environ: Mapping[str, str]) -> str:
    """The language: ``--lang``, else the config's ``language``, else the locale, else en;
    a value without a catalog is passed over."""
    for value in (flag, configured):
        if value is not None and (value == SOURCE or _has_catalog(value)):
            return value
    return locale_language(environ) or SOURCE


def _(message: str) -> str:
    """``message`` in the current language (the English text is its own id; the empty
    message is itself, not gettext's catalog header)."""
    tr_: gettext.NullTranslations | None = _state["tr"]
    return message if tr_ is None or not message else tr_.gettext(message)


def N_(message: str) -> str:
    """Marks ``message`` for the catalog without translating it (translate where shown)."""
    return message


def NC_(context: str, message: str) -> str:
    """Marks ``message`` for the catalog under ``context`` without translating it (a
    roll-entry word: ``NC_("entry brp", "hard")``)."""
    return message


#: the roll entry's own words (each catalog translates them, msgctxt "entry")
_ENTRY_OWN = (
    # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
    NC_("entry", "vs"),
)
#: (locale folder, language, how many added) → (context, English) → the typed forms,
#: the current language's first
_entry_cache: dict[tuple[str, str, int], dict[tuple[str, str], list[str]]] = {}


def _entry_forms() -> dict[tuple[str, str], list[str]]:
    """Every catalog's roll-entry words (contexts ``entry`` and ``entry <system>``): a
    translation lists its forms separated by spaces (``сложно сложный``), the first shown."""
    added = sum(len(v) for v in _added.values())
    key = (LOCALE, current(), added)
    if key in _entry_cache:
        return _entry_cache[key]
    from tui.language import po

    forms: dict[tuple[str, str], list[str]] = {}
    langs = sorted(languages()[1:], key=lambda lang: lang != current())
    for lang in langs:
        with open(catalog_path(lang), encoding="utf-8") as f:
            chunks = [c for c in f.read().split("\n\n") if 'msgctxt "entry' in c]
        entries = [*po.parse("\n\n".join(chunks)).entries, *_added.get(lang, ())]
        for e in entries:
            ours = e.context is not None and e.context.split(" ")[0] == "entry"
            if ours and e.context is not None and not e.fuzzy and e.strings[0]:
                found = forms.setdefault((e.context, e.msgid), [])
                found += [w for w in e.strings[0].casefold().split() if w not in found]
    _entry_cache.clear()
    _entry_cache[key] = forms
    return forms


def entry_words(context: str, english: Sequence[str]) -> dict[str, str]:
    """The roll-entry words of every catalog for the ``english`` ones under ``context`` →
    the English word (``{"сложно": "hard", "сложный": "hard"}``): typed in any language."""
    forms = _entry_forms()
    return {w: word for word in english for w in forms.get((context, word), ())}


def shown_entry_words(english: Sequence[str]) -> list[str]:
    """Roll-entry words as the current language shows them (each one's first form), read
    in the context that knows most of them (a system's list: BRP's ``easy`` is «легко»,
    AGE's «просто»); a word without a translation stays as it is."""
    if current() == SOURCE or not english:
        return list(english)
    contexts: dict[str, int] = {}
    for context, word in _entry_forms():
        if word in english:
            contexts[context] = contexts.get(context, 0) + 1
    order = sorted(contexts, key=lambda c: (-contexts[c], c))
    shown = []
    for word in english:
        said = next(
            (s for c in order if (s := pgettext(c, word).split()[:1]) and s[0] != word), [word]
        )
        shown.append(said[0])
    return shown


def vs_words() -> frozenset[str]:
    """The words between the sides of an opposed roll: ``vs`` and every catalog's."""
    return frozenset({"vs", "vs.", *_entry_forms().get(("entry", "vs"), ())})


def tr(text: str) -> str:
    """A known term in the current language: a rules label (``critical success``), a grade
    or a phase, listed for the catalog in its system's ``words`` module (``TERMS``)."""
    tr_: gettext.NullTranslations | None = _state["tr"]
    return text if tr_ is None or not text else tr_.gettext(text)


def term(text: str) -> Msg:
    """A known term (see :func:`tr`) as a stored message."""
    from tui.language.message import Msg

    return Msg(text)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message for ``n`` (``{n}`` in it is *not* filled in)."""
    tr_: gettext.NullTranslations | None = _state["tr"]
    if tr_ is None:
        return singular if n == 1 else plural
    return tr_.ngettext(singular, plural, n)


def char_count(n: int) -> str:
    """``81 characters`` with the noun agreeing with the number in the GM's language
    («81 символ», «82 символа», «85 символов»): the one count every length limit says."""
    return ngettext("{n} character", "{n} characters", n).format(n=n)


def byte_count(n: int) -> str:
    """``2 bytes`` with the noun agreeing with the number («1 байт», «2 байта», «5 байт»):
    the one count every size limit says."""
    return ngettext("{n} byte", "{n} bytes", n).format(n=n)


def pgettext(context: str, message: str) -> str:
    """``message`` under ``context`` in the current language (a roll-entry word is
    ``pgettext("entry", "hard")``: «сложно»); English is the message itself."""
    tr_: gettext.NullTranslations | None = _state["tr"]
    return message if tr_ is None or not message else tr_.pgettext(context, message)


#: a :class:`Msg` kind: a suggestion to the GM (a command to type next), not a fact of play
GM_HINT = "gm_hint"


def gm_hint(said: Msg) -> Msg:
    """``said`` marked as a GM hint: logged for the GM, left out of every players' surface."""
    from tui.language.message import Msg

    return Msg(said.id, said.args, said.plural, GM_HINT)


def msg(message: str, /, **args: str | int | Msg) -> Msg:
    """A stored message: ``msg("{actor} wins", actor="Naomi")``."""
    from tui.language.message import Msg

    return Msg(message, tuple(args.items()))


def nmsg(singular: str, plural: str, n: int, /, **args: str | int | Msg) -> Msg:
    """A stored counted message: ``nmsg("{n} hit", "{n} hits", 3)``."""
    from tui.language.message import Msg

    return Msg(singular, (("n", n), *args.items()), plural)


def joined(*parts: str | Msg) -> Msg:
    """Messages and plain strings shown one after another, each part in the current
    language when shown (a sentence built from optional pieces). Its id is a bare template
    (``{p0}{p1}``), the same in any language, so it needs no catalog entry."""
    from tui.language.message import Msg

    return Msg(
        "".join(f"{{p{i}}}" for i in range(len(parts))),
        tuple((f"p{i}", part) for i, part in enumerate(parts)),
    )


def verbatim(text: str) -> Msg:
    """A plain string (a name, a GM's note) stored as a message that renders as itself."""
    from tui.language.message import Msg

    return Msg("{text}", (("text", text),))


def msg_from_doc(doc: object) -> Msg:
    """A message from its stored table; raise ``ValueError`` naming what is wrong."""
    from tui.language.message import Msg

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
    kind = doc.get("kind", "")
    if not isinstance(kind, str):
        raise ValueError("msg.kind: " + _("expected a string"))
    return Msg(doc["id"], tuple(args), plural, kind)
