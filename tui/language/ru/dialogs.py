"""The Russian of the app's own dialogs and notices: a save that cannot be opened or was
changed outside the app, the party panel's marks, small notices."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    " ✗ down": " ✗ выбыл",
    "Another Tablekeeper is writing to it. You can open it read-only (the player view).": "В неё пишет другой Tablekeeper. Её можно открыть только для чтения (вид для игроков).",
    "Continue with your state ({name})": "Продолжить со своим состоянием ({name})",
    "No characters yet: /add NAME adds one": "Персонажей пока нет: /add ИМЯ добавляет персонажа",
    "Nothing was changed. It can still be opened read-only.": "Ничего не изменено. Её всё ещё можно открыть только для чтения.",
    "Nothing was changed. Open it read-only to look, or fix the save.": "Ничего не изменено. Откройте её только для чтения, чтобы посмотреть, или исправьте "
    "сохранение.",
    "Reload {name} as it is on disk now": "Загрузить {name} заново, как он сейчас на диске",
    "Restore the backup {name} (the broken file is moved aside, the log is kept)": "Восстановить резервную копию {name} (повреждённый файл откладывается в сторону, "
    "журнал сохраняется)",
    "Tablekeeper stopped writing to it and changed nothing there.": "Tablekeeper перестал в него писать и ничего в нём не изменил.",
    "The file was not changed. Fix it in a text editor, or restore the backup.": "Файл не изменён. Исправьте его в текстовом редакторе или восстановите резервную копию.",
    "Theme not remembered: {exc}": "Тема не запомнена: {exc}",
    "Your state could not be saved beside it: {exc}.": "Ваше состояние не удалось сохранить рядом: {exc}.",
    "Your state is saved beside it as {name}.": "Ваше состояние сохранено рядом как {name}.",
    "{name} is no longer in the campaign": "{name} больше нет в кампании",
    # -- a demo's copy: the new campaign's name
    "{base} (copy)": "{base} (копия)",
    "{base} (copy {n})": "{base} (копия {n})",
    # -- the picker's marks on a save that would not open
    "cannot be read": "не читается",
    "cannot read: {why}": "не удаётся прочитать: {why}",
    "line {line}, column {column}: {message}": "строка {line}, столбец {column}: {message}",
    "not valid UTF-8 text": "не текст в UTF-8",
    "system: missing": "system: не указана",
    "system: no such system {name!r}": "system: нет такой системы {name!r}",
    # -- the players' view retelling an entry that involves a hidden character
    "{actor} rolls against {against}": "{actor} бросает против {against}",
    "{actor} rolls against {against}: {grade}": "{actor} бросает против {against}: {grade}",
    "{actor}: something involving {against}": "{actor}: что-то с участием {against}",
    # -- /recap and `tablekeeper recap` options
    " (no scenes yet)": " (сцен пока нет)",
    " (scenes: {known})": " (сцены: {known})",
    "adventure= needs an adventure number, got {value!r}": "adventure= нужен номер приключения, а не {value!r}",
    "expected a date written YYYY-MM-DD, got {text!r}": "нужна дата в виде ГГГГ-ММ-ДД, а не {text!r}",
    "no scene called {name!r}": "нет сцены {name!r}",
    "scene= needs a scene's name": "scene= нужно название сцены",
    "unknown recap option {word!r} (gm, adventure=N, since=YYYY-MM-DD, scene=NAME)": "неизвестный параметр пересказа {word!r} (gm, adventure=N, since=ГГГГ-ММ-ДД, "
    "scene=НАЗВАНИЕ)",
    # -- config.toml's problems (the key names and values stay as written)
    "a list": "список",
    "expected a folder path in quotes, got {kind}": "нужен путь к папке в кавычках, а здесь {kind}",
    "expected a theme name in quotes, got {kind}": "нужно название темы в кавычках, а здесь {kind}",
    "expected one of {choices}, got {value}": "нужно одно из {choices}, а здесь {value}",
    "no theme {name} (Textual's: {themes})": "нет темы {name} (темы Textual: {themes})",
    "{name}: keymap: expected a [keymap] table, got {kind}; using the default keys": "{name}: keymap: нужна таблица [keymap], а здесь {kind}; клавиши по умолчанию",
    "{name}: {key}: unknown key, ignored (known: {known})": "{name}: {key}: неизвестный ключ, пропущен (известные: {known})",
    "{name}: {key}: {why}; using the default": "{name}: {key}: {why}; значение по умолчанию",
    "{path}: cannot read ({why}); using the defaults": "{path}: не удаётся прочитать ({why}); настройки по умолчанию",
    "{path}: no such file; using the defaults": "{path}: нет такого файла; настройки по умолчанию",
    '{where}: expected keys like "ctrl+u" or "f5,ctrl+n", got {keys}; using the default key': '{where}: нужны клавиши вида "ctrl+u" или "f5,ctrl+n", а здесь {keys}; клавиша по '
    "умолчанию",
    "{where}: no such binding id (the README lists them); ignored": "{where}: нет такого id привязки (они перечислены в README); пропущено",
    "{where}; using the defaults": "{where}; настройки по умолчанию",
}
