"""A site: its pages rendered by the Jinja2 templates (autoescape on: every text from a workbook is
escaped), and written into a folder the way tally writes every output (docs/publish.md, "Files").

A site folder holds a marker, `.tally-site.json`, listing the files tally wrote there. A folder is written
into when it is missing, empty, or marked; a folder holding anything else only with --force. Each file is
written atomically (one already holding the same bytes is left alone); files of an earlier site that the
new one no longer has are removed (only those the marker lists); the marker is written first with the old
and new files, and last with the new ones only.
"""

from __future__ import annotations

import functools
import json
import os
import stat
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path, PurePosixPath
from typing import Any

import jinja2

from pipeline import __version__
from pipeline.i18n import _, spoken_language, translations
from pipeline.problems import UsageError
from pipeline.workbook.atomic import atomic_target, atomic_write, current_umask
from pipeline.workbook.targets import output_folder, writable_folder

MARKER = ".tally-site.json"
STYLE = "style.css"
MARKER_KIND = "tally site"  # the marker's `kind`, telling it from any other JSON file of that name
MOST_MARKER_BYTES = 64 * 1_000_000
WRITTEN_SUFFIXES = (".html", ".css")  # the only files a marker may ask to remove


@dataclass(frozen=True)
class Page:
    """One page of a site: its path under the site's root (posix), its template and what the template
    shows."""

    path: str
    template: str
    context: Mapping[str, Any] = field(default_factory=dict)


def spoken_gettext(message: str) -> str:
    """A template's message in the language spoken (pipeline/i18n.py's catalogs; the `site` domain)."""
    return translations(spoken_language(), "site").gettext(message)


def spoken_ngettext(singular: str, plural: str, count: int) -> str:
    """A template's message in the form for `count`, in the language spoken."""
    return translations(spoken_language(), "site").ngettext(singular, plural, count)


@functools.cache
def environment() -> jinja2.Environment:
    """The templates of pipeline/publish/templates, every value escaped unless a template says otherwise, their
    words (`{{ _("Standings") }}`, fields as `%(name)s`) in the language spoken when they are rendered."""
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("pipeline.publish", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,  # the package's templates do not change while tally runs: no stat per page
        extensions=["jinja2.ext.i18n"],
    )
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=spoken_gettext, ngettext=spoken_ngettext, newstyle=True
    )
    return env


def style_sheet() -> bytes:
    """The site's one style sheet (screen and print), a local file every page links to."""
    return resources.files("pipeline.publish").joinpath("templates", STYLE).read_bytes()


def root_of(path: str) -> str:
    """The relative way from a page back to its site's root: `` for index.html, `../` for p/ana.html."""
    return "../" * (len(PurePosixPath(path).parts) - 1)


def rendered(pages: Iterable[Page], prefix: str = "") -> dict[str, bytes]:
    """Every page rendered in the language spoken (and the style sheet), by path under the folder written
    (`prefix` is a sub-site's folder, ending in `/`)."""
    templates: dict[str, jinja2.Template] = {}
    files = {f"{prefix}{STYLE}": style_sheet()}
    lang = spoken_language()
    for page in pages:  # one template render per page
        if page.template not in templates:
            templates[page.template] = environment().get_template(page.template)
        text = templates[page.template].render(
            root=root_of(page.path), version=__version__, lang=lang, **page.context
        )
        files[f"{prefix}{page.path}"] = text.encode("utf-8")
    return files


def marker_files(folder: Path) -> list[str] | None:
    """The files a site folder's marker lists (None when there is no marker tally wrote)."""
    path = folder / MARKER
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        with path.open("rb") as handle:
            data = json.loads(handle.read(MOST_MARKER_BYTES + 1) or b"null")
    except (OSError, ValueError):
        return None
    if (
        not isinstance(data, dict)
        or data.get("kind") != MARKER_KIND
        or not isinstance(data.get("files"), list)
    ):
        return None
    return [f for f in data["files"] if isinstance(f, str)]


def site_folder(out: Path | str, *, force: bool, option: str = "-o") -> Path:
    """The folder to write a site into, checked before anything is read: missing, empty or a tally site
    (its marker), or any folder with `force`; UsageError otherwise, and for a path that is not a folder."""
    folder = output_folder(out, option=option)
    if folder.is_dir() and not force and marker_files(folder) is None and any(folder.iterdir()):
        raise UsageError(
            _(
                "{folder} is a folder that is not empty and holds no site tally wrote (no {marker}), so tally "
                "will not write into it: choose another {option}, empty it, or add --force to write into it",
                folder=folder,
                marker=MARKER,
                option=option,
            )
        )
    return writable_folder(folder)


def safe_name(name: str) -> bool:
    """True for a file name a marker may list: relative, inside the folder, of a kind tally writes."""
    path = PurePosixPath(name)
    return (
        not path.is_absolute()
        and bool(path.parts)
        and all(part not in ("", ".", "..") for part in path.parts)
        and "\\" not in name
        and path.suffix in WRITTEN_SUFFIXES
    )


def write_marker(folder: Path, names: Iterable[str]) -> None:
    """The marker, listing the files (sorted), written atomically."""
    text = json.dumps({"kind": MARKER_KIND, "version": __version__, "files": sorted(set(names))}, indent=1)
    with atomic_target(folder / MARKER) as tmp:
        tmp.write_text(text + "\n", encoding="utf-8")


def inside(folder: Path, path: Path) -> bool:
    """True when the path, links resolved, lies under the folder (a link planted in a site never takes a
    write or a removal elsewhere)."""
    return Path(os.path.realpath(path)).is_relative_to(os.path.realpath(folder))


def same_bytes(path: Path, data: bytes) -> bool:
    """True when the path is a regular file (not a link) holding exactly these bytes: it is left as it is
    (its time unchanged, so an upload by modification time sends only the pages that changed)."""
    try:
        status = os.lstat(path)
        if not stat.S_ISREG(status.st_mode) or status.st_size != len(data):
            return False
        return path.read_bytes() == data
    except OSError:
        return False


def write_site(folder: Path, files: Mapping[str, bytes]) -> Path:
    """The files written into the folder (each atomically, in sorted order), the marker updated and the
    files of the site before that are no longer part of it removed."""
    folder.mkdir(parents=True, exist_ok=True)
    before = [n for n in marker_files(folder) or [] if safe_name(n)]
    write_marker(folder, [*before, *files])
    for parent in sorted({(folder / n).parent for n in files}):  # the few folders of the site
        parent.mkdir(parents=True, exist_ok=True)
        if not inside(folder, parent):
            raise UsageError(
                _(
                    "{parent} leads outside {folder} (a link); tally writes a site only inside it",
                    parent=parent,
                    folder=folder,
                )
            )
    umask = current_umask()  # read once for the whole site (reading it costs a file read)
    for name in sorted(files):  # every file of the site
        if not same_bytes(folder / name, files[name]):
            atomic_write(folder / name, files[name], umask=umask)
    write_marker(folder, files)
    for name in sorted(set(before) - set(files)):  # the earlier site's files no longer published
        path = folder / name
        if inside(folder, path.parent) and path.is_file() and not path.is_symlink():
            path.unlink()
    for parent in sorted({(folder / n).parent for n in before} - {folder}, reverse=True):
        if parent.is_dir() and inside(folder, parent) and not any(parent.iterdir()):
            parent.rmdir()
    return folder
