"""Detectors that read (rules v2): sentences, actions, placeholders, AIP dimensions.

Positive and negative examples come from the rater guideline's own wording (claims,
action claims, templates, the AIP dimensions), with a few from real responses.
"""

from __future__ import annotations

import pytest

from rater_desktop.rating.detect.actions import is_action_sentence, is_bare_completion
from rater_desktop.rating.detect.dimensions import dimensions_covered
from rater_desktop.rating.detect.lemmas import lemma_candidates, lemma_in
from rater_desktop.rating.detect.placeholders import is_placeholder, written_word_count
from rater_desktop.rating.detect.sentences import sentence_spans

HAKU = (
    "Haku's true identity is a fascinating part of the Spirited Away story! In the film, Haku "
    "is a mysterious boy who works at the bathhouse. However, it's later revealed that Haku "
    "is actually the spirit of the Kohaku River. He was once a powerful river spirit, e.g. "
    "a god of the river."
)


def test_sentences_of_the_guideline_claim_example() -> None:
    texts = [HAKU[s:e] for s, e in sentence_spans(HAKU)]
    assert texts == [
        "Haku's true identity is a fascinating part of the Spirited Away story!",
        "In the film, Haku is a mysterious boy who works at the bathhouse.",
        "However, it's later revealed that Haku is actually the spirit of the Kohaku River.",
        "He was once a powerful river spirit, e.g. a god of the river.",
    ]


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("It costs $5.99. Mr. Smith agreed!!! Then he left...", 3),
        ("Wait... really?! Yes.", 2),
        ("Open 9 a.m. to 5 p.m. daily.", 1),
        ("Ends here.\nNext line without stop", 2),
        ("Version 2.5 is out. 3 stores stock it.", 2),
    ],
)
def test_sentence_ends(text: str, count: int) -> None:
    assert len(sentence_spans(text)) == count


@pytest.mark.parametrize(
    "sentence",
    [
        # the guideline's action claims
        "Email was drafted.",
        "Google Doc was created.",
        "I checked the website.",
        "Calendar event was scheduled.",
        "I have added the Hat to your cart.",
        # first person anywhere, any verb
        "I read your message and checked your calendar.",
        "After comparing three shops, we booked the cheaper room.",
        "Then I quickly reworded the draft and pasted it into the reply.",
        # passive and result statements
        "The email has been sent.",
        "Done. Both items are in your cart",
        "The hat is in your cart.",
        "Your table for two is booked for 7 pm.",
        "The meeting has now been moved to Friday.",
        # leading verb
        "Added the hat to your cart.",
        "Successfully submitted the form.",
    ],
)
def test_action_sentences_from_the_guideline(sentence: str) -> None:
    assert is_action_sentence(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "The Eiffel Tower is in Paris.",
        "The Eiffel Tower is beautiful.",
        "Haku is actually the spirit of the Kohaku River.",
        "He was once a powerful river spirit, but he lost his memory.",
        "The Golden Gate Bridge was opened in 1937.",
        "The hotel is located in the old town.",
        "The shoe is rated 4.6 stars by 1,284 reviewers.",
        "Let me know if you would like me to add one to your cart!",
        "I could not add the shoes because the site needed a login.",
        "I recommend the Pacer Glide 5 Wide.",
        "I think the first option is the best value.",
        "If you want, I can book it for you.",
        "You need to confirm the booking yourself.",
        "Here are three options.",
    ],
)
def test_non_action_sentences(sentence: str) -> None:
    assert not is_action_sentence(sentence)


def test_action_position() -> None:
    from rater_desktop.rating.detect.actions import action_at

    sentence = "Totals include fees; nothing has been reserved."
    assert sentence[action_at(sentence) or 0 :].startswith("has been reserved")
    assert action_at("I reloaded once; it came back unchanged.") == 0
    assert action_at("After that, we booked it.") == 12
    assert action_at("The price is $25.") is None


def test_bare_completion() -> None:
    assert is_bare_completion("Done.") and is_bare_completion("All set!")
    assert is_bare_completion("Task complete.")
    assert not is_bare_completion("Done with the shoes, here they are.")
    assert not is_bare_completion("The work is done by Friday.")


def test_lemmas() -> None:
    assert lemma_in("applied", frozenset({"apply"})) == "apply"
    assert lemma_in("submitted", frozenset({"submit"})) == "submit"
    assert lemma_in("cancelled", frozenset({"cancel"})) == "cancel"
    assert lemma_in("saved", frozenset({"save"})) == "save"
    assert lemma_in("bought", frozenset({"buy"})) == "buy"
    assert lemma_in("booking", frozenset({"book"})) == "book"
    assert lemma_in("priced", frozenset({"book"})) is None
    assert "send" in lemma_candidates("sent")


@pytest.mark.parametrize(
    "text",
    [
        "", "   ", "TBD", "N/A", "n/a", "...", "…", "[Brief explanation of your reasoning]",
        "Justification: [Brief explain how you came to your conclusion]", "TODO ...", "[Rating]",
        "xxx", "- N/A -",
    ],
)
def test_placeholders(text: str) -> None:
    assert is_placeholder(text)


@pytest.mark.parametrize(
    "text",
    [
        "Find and compare vacation rentals.",
        "Met every sub-request.",
        "See [Hat Shop](https://hats.example/classic) for the price.",
        "NASA lists it.",
    ],
)
def test_not_placeholders(text: str) -> None:
    assert not is_placeholder(text)


def test_written_words_skip_template_parts() -> None:
    # only the rater's own words: template labels are not writing
    assert written_word_count("Claim 1: [Rating Given] The shop page shows $25.") == 5
    assert written_word_count("Response A: TBD. Response B: TBD.") == 0


@pytest.mark.parametrize(
    ("text", "dims"),
    [
        (
            "Direct navigation, precise clicks, no wasted steps, and a clean final output.",
            {"navigation", "interaction", "efficiency", "output_quality"},
        ),
        ("It went to the Help page before finding the Contact page.", {"navigation"}),
        ("It clicked an ad before correcting itself.", {"interaction"}),
        ("It was caught in a loop and timed out.", {"efficiency"}),
        ("The final scraped text is messy and filled with junk.", {"output_quality"}),
        ("The agent was quick and the reply was concise.", {"efficiency", "output_quality"}),
    ],
)
def test_dimension_mentions(text: str, dims: set[str]) -> None:
    assert dimensions_covered(text) == dims


@pytest.mark.parametrize(
    "text",
    [
        "It gave a quick summary of the hotel.",
        "The page lists three prices and a summary.",
        "The answer names the architect.",
    ],
)
def test_incidental_words_are_not_dimensions(text: str) -> None:
    assert dimensions_covered(text) == set()
