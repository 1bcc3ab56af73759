"""The preference protocol's window parts: the batch's criteria, its own panel and keys
(PreferenceBinding, made when the first preference batch opens) and QA tabs."""

from __future__ import annotations

from typing import Any

from rater_desktop.batch.protocol import PREFERENCE
from rater_desktop.gui.protocols import WindowProtocol, register
from rater_desktop.preference.tour import CARDS as TOUR


def criteria(manifest: Any) -> str:
    """The Criteria tab of a preference batch: the batch's own cheat sheet as Markdown."""
    from rater_desktop.gui.tools_dock import preference_criteria

    settings = getattr(manifest, "preference", None)
    return preference_criteria(tuple(getattr(settings, "criteria", ()) or ()))


def install(window: Any, *, store: Any, rater_id: str) -> None:
    """The preference binding, made on demand (``on_demand``)."""
    from rater_desktop.gui.preference.on_demand import install_preference_binding

    install_preference_binding(window, store=store, rater_id=rater_id)


def qa_view(host: Any) -> Any:
    """The QA window's preference tabs (``qa_view.PreferenceQaView``)."""
    from rater_desktop.gui.preference.qa_view import PreferenceQaView

    return PreferenceQaView(host)


PROTOCOL = register(WindowProtocol(name=PREFERENCE, criteria=criteria, guideline_tabs=False,
                                   rating_binding=False, install=install, qa_view=qa_view, tour=TOUR))
