"""The Russian of the store and the save schema: why a save or its log cannot be read or
written, as the GM sees it in a dialog or a notice.

Key paths (``characters[0].skills."Spot Hidden"``), key names and file names stay as they are
(they are what the GM finds in the file). Left in English on purpose: the TOML parser's own
syntax messages (the standard library's ``tomllib`` writes them; they come with a line and a
column, which the dialog shows in Russian), the operating system's reason for a failed read
or write (``No space left on device``: the system's locale decides it), and the save file's
header comment (:mod:`tui.store.savetext`: it is in the file, not on a screen).
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # -- value types (schema)
    "a date": "дата",
    "a date and time": "дата и время",
    "a string": "строка",
    "a table": "таблица",
    "a time of day": "время суток",
    "an array": "массив",
    "an integer": "целое число",
    "true/false": "true/false",
    "{a} or {b}": "{a} или {b}",
    "expected {kind}, got {got}": "нужно: {kind}; здесь: {got}",
    # -- the save's schema
    "a condition needs a name of its own": "у состояния должно быть своё имя",
    "a duration is N rounds or N turns, got {text!r}": "длительность записывается как N rounds или N turns, а здесь {text!r}",
    "a duration must be within {low}..{high}, got {value}": "длительность должна быть в пределах {low}..{high}, а здесь {value}",
    "duplicate character name {name!r}": "имя персонажа {name!r} повторяется",
    "expected 0 or more": "нужно 0 или больше",
    "expected a list of names": "нужен список имён",
    "expected a probability written p/q, between 0 and 1": "нужна вероятность в виде p/q, от 0 до 1",
    "expected a skill name": "нужно название навыка",
    "expected a string": "нужна строка",
    "expected a string, number or message": "нужна строка, число или сообщение",
    "expected a table": "нужна таблица",
    "expected a table with an id": "нужна таблица с id",
    "expected character names": "нужны имена персонажей",
    "expected skill names": "нужны названия навыков",
    "expected tables": "нужны таблицы",
    "made by a newer Tablekeeper (format {version}, this reads {format})": "создано более новой версией Tablekeeper (формат {version}, эта версия читает "
    "{format})",
    "missing": "не указано",
    "must be active or long, got {value!r}": "должно быть active или long, а здесь {value!r}",
    "must be at least 1, got {value}": "должно быть не меньше 1, а здесь {value}",
    "must be one of {values}, got {value!r}": "должно быть одним из: {values}, а здесь {value!r}",
    "must be running, done or failed, got {value!r}": "должно быть running, done или failed, а здесь {value!r}",
    "must not be empty": "не может быть пустым",
    "remove the line to lift a condition (false is not a duration); write true, or e.g. "
    '"2 rounds" (1..{most})': "чтобы снять состояние, удалите строку (false — не длительность); напишите true или, "
    'например, "2 rounds" (1..{most})',
    "unknown key (expected one of {keys})": "неизвестный ключ (допустимы: {keys})",
    "unknown system {system!r} (one of {known})": "неизвестная система {system!r} (допустимы: {known})",
    "{name!r} is not one of this character's resources (add it under resources first)": "{name!r} — не ресурс этого персонажа (сначала добавьте его в resources)",
    "{tick!r} is not one of this character's skills": "{tick!r} — не навык этого персонажа",
    # -- reading a save and its log
    "expected [[log]] blocks": "нужны блоки [[log]]",
    "expected past scenes only": "здесь могут быть только прошедшие сцены",
    "is a folder, not a save": "это папка, а не сохранение",
    "is a symbolic link; a campaign's log must be a file in its own folder": "это символическая ссылка; журнал кампании должен быть файлом в её папке",
    "is not a regular file": "это не обычный файл",
    "log entry {seq} does not apply to the save ({exc}); the state up to entry {last} can "
    "be opened": "запись журнала {seq} не применяется к сохранению ({exc}); можно открыть состояние "
    "до записи {last}",
    "log[{i}]: expected a table": "log[{i}]: нужна таблица",
    "{what}.diff: {key!r} is not in the campaign": "{what}.diff: {key!r} нет в кампании",
    "must be a whole number ≥ 0 (the last log entry saved)": "должно быть целым числом ≥ 0 (последняя сохранённая запись журнала)",
    "nested too deeply": "слишком глубокая вложенность",
    "nested too deeply (at most 16 levels of tables and arrays)": "слишком глубокая вложенность (не больше 16 уровней таблиц и массивов)",
    "no such file": "нет такого файла",
    "past scenes nested too deeply": "слишком глубокая вложенность в прошедших сценах",
    "unknown key (a log holds only [[log]] blocks)": "неизвестный ключ (в журнале бывают только блоки [[log]])",
    "values nested too deeply": "слишком глубокая вложенность значений",
    # -- writing: the lock, the log, the save
    "already exists; not overwritten": "уже существует; не перезаписан",
    "already open in another Tablekeeper (process {who}); it can be opened read-only": "уже открыт в другом Tablekeeper (процесс {who}); его можно открыть только для чтения",
    "already open in another Tablekeeper; it can be opened read-only": "уже открыт в другом Tablekeeper; его можно открыть только для чтения",
    "appeared while the campaign was open": "появился, пока кампания была открыта",
    "cannot append to the log: {why}; the change is kept in memory": "не удалось дописать в журнал: {why}; изменение сохранено в памяти",
    "cannot check the log: {why}": "не удалось проверить журнал: {why}",
    "cannot create the log: {why}": "не удалось создать журнал: {why}",
    "cannot lock: {why}; open the campaign read-only": "не удалось заблокировать: {why}; откройте кампанию только для чтения",
    "cannot open the log: {why}": "не удалось открыть журнал: {why}",
    "cannot open: {why}": "не удалось открыть: {why}",
    "cannot {what}: {why}; the file on disk is unchanged and the change is kept in memory": "не удалось {what}: {why}; файл на диске не изменён, изменение сохранено в памяти",
    "changed while the campaign was being opened": "изменился, пока кампания открывалась",
    "create the campaign": "создать кампанию",
    "grew outside Tablekeeper (another program wrote to it)": "вырос вне Tablekeeper (в него писала другая программа)",
    "has more than one name (hard links: {n}); appending would change the other files too: "
    "open read-only": "у файла несколько имён (жёстких ссылок: {n}); запись изменила бы и другие файлы: "
    "откройте только для чтения",
    "internal error while saving ({exc!r})": "внутренняя ошибка при сохранении ({exc!r})",
    "is a symbolic link; Tablekeeper writes only inside the campaign's folder: open the "
    "campaign read-only, or replace the link by the file": "это символическая ссылка; Tablekeeper пишет только в папке кампании: откройте "
    "кампанию только для чтения или замените ссылку самим файлом",
    "keeps being replaced by another program; try again": "его всё время подменяет другая программа; попробуйте ещё раз",
    "no backup ({name}) to restore": "нет резервной копии ({name}) для восстановления",
    "opened read-only; nothing is written": "открыт только для чтения; ничего не записывается",
    "restore the backup": "восстановить резервную копию",
    "save": "сохранить",
    "save beside": "сохранить рядом",
    "the backup does not load either": "резервная копия тоже не загружается",
    "the new file is locked by another process": "новый файл заблокирован другим процессом",
    "the store is closed": "хранилище закрыто",
    "was changed outside Tablekeeper (an editor?) while the campaign was open": "изменён вне Tablekeeper (в редакторе?), пока кампания была открыта",
    "was deleted or renamed while the campaign was open": "удалён или переименован, пока кампания была открыта",
    "was edited outside Tablekeeper while the campaign was open": "отредактирован вне Tablekeeper, пока кампания была открыта",
    "was replaced by another file while the campaign was open": "заменён другим файлом, пока кампания была открыта",
    "was shortened outside Tablekeeper ({size} bytes, it wrote {end})": "укорочен вне Tablekeeper (длина {size} в байтах, а записано {end})",
}
