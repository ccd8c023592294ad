"""The gettext catalogs of tally's prose (pipeline/i18n.py): extract, update, compile, check.

    python tools/catalogs.py            extract every message, update each language's .po files (new messages
                                        with an empty translation, gone ones dropped) and compile the .mo files
    python tools/catalogs.py --domain D only the catalogs of domain D (one part of tally: CATALOG_DOMAINS)
    python tools/catalogs.py --compile  only compile the .mo files (make does this when it installs tally)
    python tools/catalogs.py --check    exit 1, listing them, when a message has no translation or a
                                        translation's {names} differ from the English (tests run this)

A message's domain (its .po file) is the first `CATALOG_DOMAINS` prefix its source file's path starts with.
"""

from __future__ import annotations

import datetime as dt
import re
import sys
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pipeline.i18n import CATALOG_DOMAINS, ENGLISH, LOCALE_DIR  # noqa: E402
from schemas.common import LANGUAGES  # noqa: E402

KEYWORDS = {**DEFAULT_KEYWORDS, "_": None, "_each": None, "n_": (1, 2), "N_": None}
METHODS = [
    ("pipeline/**.py", "python"),
    ("schemas/**.py", "python"),
    ("pipeline/publish/templates/**.html", "jinja2"),
]
DATED = dt.datetime(2026, 12, 1, tzinfo=dt.UTC)  # fixed, so that an unchanged catalog is unchanged bytes
FIELD = re.compile(r"\{(\w*)[^{}]*\}|%\((\w+)\)s")

Message = str | tuple[str, str]


def domain_of(path: str) -> str:
    """The catalog a source file's messages go to."""
    return next(domain for prefix, domain in CATALOG_DOMAINS if path.startswith(prefix))


def extracted() -> dict[str, dict[Message, list[tuple[str, int]]]]:
    """Domain -> message -> where it is written, for every message of pipeline/ and schemas/."""
    found: dict[str, dict[Message, list[tuple[str, int]]]] = {}
    options = {
        "pipeline/publish/templates/**.html": {"extensions": "jinja2.ext.i18n", "newstyle_gettext": "true"}
    }
    rows = extract_from_dir(str(ROOT), METHODS, options, KEYWORDS, strip_comment_tags=True)
    for path, line, message, _comments, _context in rows:
        found.setdefault(domain_of(path), {}).setdefault(message, []).append((path, line))
    return found


def po_path(lang: str, domain: str) -> Path:
    """Where a language's catalog of a domain is."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def read_catalog(path: Path, lang: str, domain: str) -> Catalog:
    """A catalog as it is on disk, or an empty one."""
    if not path.is_file():
        return Catalog(locale=lang, domain=domain, project="tally", creation_date=DATED, revision_date=DATED)
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=domain)


def updated(old: Catalog, messages: Iterable[Message], lang: str, domain: str) -> Catalog:
    """A catalog of exactly `messages`, keeping the translations it had."""
    new = Catalog(
        locale=lang,
        domain=domain,
        header_comment=f"# tally's prose in {lang} ({domain}): python tools/catalogs.py adds and drops messages.",
        project="tally",
        version="1",
        creation_date=DATED,
        revision_date=DATED,
        fuzzy=False,
    )
    new.language_team = "tally"
    new.last_translator = "tally"
    for message in messages:
        key = message if isinstance(message, str) else message[0]
        before = old.get(key)
        default: str | tuple[str, ...] = "" if isinstance(message, str) else ("",) * new.num_plurals
        new.add(message, before.string if before is not None and before.string else default)
    return new


def write_catalog(catalog: Catalog, path: Path) -> None:
    """A catalog written as .po, sorted, without source lines (they move with every edit)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=116, no_location=True, sort_output=True, omit_header=False)


def compile_all() -> list[Path]:
    """Every .po compiled to its .mo beside it."""
    done = []
    for po in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as handle:
            catalog = read_po(handle, locale=po.parent.parent.name)
        with po.with_suffix(".mo").open("wb") as handle:
            write_mo(handle, catalog)
        done.append(po.with_suffix(".mo"))
    return done


def fields_of(text: str) -> set[str]:
    """The {names} (and %(names)s) a message fills in."""
    return {a or b for a, b in FIELD.findall(text)}


def catalog_faults() -> list[str]:
    """What is wrong with the catalogs: a message with no translation, one whose fields differ from the
    English, a catalog out of date with the code (a message missing or no longer used)."""
    faults = []
    wanted = extracted()
    for lang in LANGUAGES:
        if lang == ENGLISH:
            continue
        for domain, messages in sorted(wanted.items()):
            catalog = read_catalog(po_path(lang, domain), lang, domain)
            have = {m.id if isinstance(m.id, str) else m.id[0]: m for m in catalog if m.id}
            keys = {m if isinstance(m, str) else m[0]: m for m in messages}
            for key in sorted(set(keys) - set(have)):
                faults.append(f"{lang}/{domain}.po: missing {key!r} ({messages[keys[key]][0][0]})")
            for key in sorted(set(have) - set(keys)):
                faults.append(f"{lang}/{domain}.po: no longer used {key!r}")
            for key in sorted(set(have) & set(keys)):
                ids = [key] if isinstance(keys[key], str) else list(keys[key])
                strings = [have[key].string] if isinstance(have[key].string, str) else list(have[key].string)
                if not all(strings):
                    faults.append(f"{lang}/{domain}.po: untranslated {key!r}")
                elif any(
                    fields_of(s) != fields_of(ids[-1]) and fields_of(s) != fields_of(ids[0]) for s in strings
                ):
                    faults.append(f"{lang}/{domain}.po: fields differ in {key!r}")
    return faults


def main(argv: list[str]) -> int:
    """Update, compile or check the catalogs."""
    if "--check" in argv:
        faults = catalog_faults()
        print("\n".join(faults) or "catalogs complete")
        return 1 if faults else 0
    only = argv[argv.index("--domain") + 1] if "--domain" in argv else None
    if "--compile" not in argv:
        for domain, messages in sorted(extracted().items()):
            if only is not None and domain != only:
                continue
            for lang in LANGUAGES:
                if lang != ENGLISH:
                    path = po_path(lang, domain)
                    write_catalog(updated(read_catalog(path, lang, domain), messages, lang, domain), path)
    compiled = compile_all()
    print(f"{len(compiled)} catalogs compiled")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
