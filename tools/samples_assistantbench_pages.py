"""Page content for the AssistantBench batch: stable public facts and two sample-site tables."""

from __future__ import annotations

import samples_art as art
from samples_assistantbench_screens import DataTable, Wiki

UTZON = Wiki("J%C3%B8rn_Utzon", "J\u00f8rn Utzon", (
    "J\u00f8rn Oberg Utzon (9 April 1918 - 29 November 2008) was a Danish architect, best known "
    "for designing the Sydney Opera House in Australia. He received the Pritzker Architecture "
    "Prize in 2003."), (("Born", "9 April 1918, Copenhagen"), ("Died", "29 November 2008"),
                        ("Nationality", "Danish"), ("Awards", "Pritzker Prize (2003)"),
                        ("Notable work", "Sydney Opera House")), art.portrait, "#455a64")
OPERA = Wiki("Sydney_Opera_House", "Sydney Opera House", (
    "The Sydney Opera House is a multi-venue performing arts centre in Sydney, Australia. "
    "Designed by the Danish architect J\u00f8rn Utzon, it was formally opened by Queen "
    "Elizabeth II on 20 October 1973."), (("Architect", "J\u00f8rn Utzon"),
                                           ("Construction", "Began March 1959"),
                                           ("Opened", "20 October 1973"),
                                           ("Location", "Bennelong Point, Sydney")),
    art.house, "#eceff1", ("History", "Design", "Venues", "References"))
TIN = Wiki("Tin", "Tin", (
    "Tin is a chemical element; it has symbol Sn and atomic number 50. It is a silvery, soft "
    "metal in group 14 of the periodic table."), (("Symbol", "Sn"), ("Atomic number (Z)", "50"),
                                                   ("Group", "14"),
                                                   ("Category", "Post-transition metal"),
                                                   ("Atomic weight", "118.71")),
    art.element_tile("Sn", 50, "Tin"), "#cfd8dc",
    ("Properties", "History", "Production", "Applications"))
HUBBLE = Wiki("Hubble_Space_Telescope", "Hubble Space Telescope", (
    "The Hubble Space Telescope is a space telescope that was launched into low Earth orbit on "
    "24 April 1990 by the Space Shuttle Discovery on mission STS-31. It remains in operation."),
    (("Launch date", "24 April 1990"), ("Rocket", "Space Shuttle Discovery"),
     ("Mission", "STS-31"), ("Operator", "NASA / ESA")), art.plane, "#607d8b",
    ("Conception", "Design", "Servicing missions", "References"))
APOLLO = Wiki("Apollo_11", "Apollo 11", (
    "Apollo 11 was the first crewed mission to land on the Moon. Neil Armstrong and Buzz Aldrin "
    "landed the lunar module Eagle on July 20, 1969, while Michael Collins stayed in lunar "
    "orbit."), (("Launch date", "July 16, 1969"), ("Landing date", "July 20, 1969"),
                ("Crew", "Armstrong, Collins, Aldrin"), ("Splashdown", "July 24, 1969")),
    art.landscape, "#9e9e9e", ("Background", "Mission", "Return", "References"))
BARCELONA = Wiki("1992_Summer_Olympics", "1992 Summer Olympics", (
    "The 1992 Summer Olympics were an international multi-sport event held from 25 July to 9 "
    "August 1992 in Barcelona, Catalonia, Spain."), (("Host city", "Barcelona, Spain"),
                                                     ("Opening", "25 July 1992"),
                                                     ("Closing", "9 August 1992"),
                                                     ("Nations", "169")),
    art.landscape, "#ef6c00", ("Host selection", "Venues", "Medal table", "References"))
KILIMANJARO = Wiki("Mount_Kilimanjaro", "Mount Kilimanjaro", (
    "Mount Kilimanjaro is a dormant volcano in Tanzania. It is the highest mountain in Africa, "
    "rising to 5,895 metres (19,341 ft) above sea level at Uhuru Peak on the Kibo cone."),
    (("Elevation", "5,895 m (19,341 ft)"), ("Location", "Tanzania"),
     ("Highest point", "Uhuru Peak (Kibo)"), ("First ascent", "6 October 1889")),
    art.landscape, "#795548", ("Geology", "Climate", "Climbing", "References"))
VIVALDI = Wiki("Antonio_Vivaldi", "Antonio Vivaldi", (
    "Antonio Lucio Vivaldi (4 March 1678 - 28 July 1741) was an Italian composer and violinist "
    "of the Baroque era, born in Venice. His best-known work is a set of violin concertos "
    "known as The Four Seasons."), (("Born", "4 March 1678, Venice"),
                                    ("Died", "28 July 1741, Vienna"),
                                    ("Occupation", "Composer, violinist"),
                                    ("Known for", "The Four Seasons")), art.portrait, "#6d4c41")
MENDELEVIUM = Wiki("Mendelevium", "Mendelevium", (
    "Mendelevium is a synthetic chemical element; it has symbol Md and atomic number 101. It is "
    "named after Dmitri Mendeleev, the creator of the periodic table."),
    (("Symbol", "Md"), ("Atomic number (Z)", "101"), ("Named after", "Dmitri Mendeleev"),
     ("Discovered", "1955")), art.element_tile("Md", 101, "Mendelevium"), "#d1c4e9",
    ("Discovery", "Characteristics", "Isotopes", "References"))
AMUNDSEN = Wiki("Roald_Amundsen", "Roald Amundsen", (
    "Roald Engelbregt Gravning Amundsen (16 July 1872 - c. 18 June 1928) was a Norwegian "
    "explorer. He led the first expedition to reach the South Pole, on 14 December 1911, and "
    "disappeared in June 1928 during a rescue mission for the crew of the airship Italia."),
    (("Born", "16 July 1872, Borge"), ("Died", "c. 18 June 1928"),
     ("Known for", "First to the South Pole"), ("Reached pole", "14 December 1911")),
    art.portrait, "#37474f")
GOLDEN_GATE = Wiki("Golden_Gate_Bridge", "Golden Gate Bridge", (
    "The Golden Gate Bridge is a suspension bridge spanning the Golden Gate strait in "
    "California. Construction began on January 5, 1933, and the bridge opened to pedestrians "
    "on May 27, 1937, and to vehicles the following day."),
    (("Design", "Suspension"), ("Main span", "1,280 m (4,200 ft)"),
     ("Construction", "1933-1937"), ("Opened", "May 27, 1937")), art.bridge, "#c0362c",
    ("History", "Structure", "Traffic", "References"))
EIFFEL = Wiki("Eiffel_Tower", "Eiffel Tower", (
    "The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, France. It "
    "was built for the 1889 World's Fair and opened on 31 March 1889."),
    (("Location", "Champ de Mars, Paris"), ("Construction", "Began 28 January 1887"),
     ("Opened", "31 March 1889")), art.tower, "#6d4c41",
    ("History", "Design", "Tourism", "References"))
EMPIRE = Wiki("Empire_State_Building", "Empire State Building", (
    "The Empire State Building is a 102-story Art Deco skyscraper in Midtown Manhattan, New York "
    "City. Construction started on March 17, 1930, and the building opened on May 1, 1931."),
    (("Location", "Midtown Manhattan"), ("Construction", "Began March 17, 1930"),
     ("Opened", "May 1, 1931"), ("Floors", "102")), art.skyscraper, "#78909c",
    ("Site", "Design", "Construction", "References"))

PRESIDENTS = DataTable(
    "https://en.wikipedia.org/wiki/List_of_presidents_of_the_United_States",
    "List of presidents of the United States - Wikipedia", "Wikipedia",
    "List of presidents of the United States", "Presidents in office in the 1920s to 1950s.",
    (90, 420, 260), ("No.", "President", "Term"),
    (("30", "Calvin Coolidge", "1923-1929"), ("31", "Herbert Hoover", "1929-1933"),
     ("32", "Franklin D. Roosevelt", "1933-1945"), ("33", "Harry S. Truman", "1945-1953"),
     ("34", "Dwight D. Eisenhower", "1953-1961")), highlight=2)
BORDERS = DataTable(
    "https://en.wikipedia.org/wiki/List_of_countries_and_territories_by_land_borders",
    "Countries by land borders - Wikipedia", "Wikipedia",
    "Land neighbours of France and Germany", "Extract of the list of countries by land borders.",
    (320, 340, 340), ("Neighbour", "Borders France", "Borders Germany"),
    (("Andorra", "Yes", "No"), ("Austria", "No", "Yes"), ("Belgium", "Yes", "Yes"),
     ("Brazil, Suriname", "Yes (French Guiana)", "No"), ("Czech Republic", "No", "Yes"),
     ("Denmark", "No", "Yes"), ("Italy", "Yes", "No"), ("Luxembourg", "Yes", "Yes"),
     ("Monaco", "Yes", "No"), ("Netherlands", "Yes (Saint Martin only)", "Yes"),
     ("Poland", "No", "Yes"), ("Spain", "Yes", "No"), ("Switzerland", "Yes", "Yes")))
SPANS = DataTable(
    "https://en.wikipedia.org/wiki/List_of_longest_suspension_bridge_spans",
    "List of longest suspension bridge spans - Wikipedia", "Wikipedia",
    "List of longest suspension bridge spans", "Selected rows, ordered by main span.",
    (460, 220, 200, 320), ("Bridge", "Main span", "Opened", "Country"),
    (("Canakkale 1915 Bridge", "2,023 m", "2022", "Turkey"),
     ("Akashi Kaikyo Bridge", "1,991 m", "1998", "Japan"),
     ("Great Belt East Bridge", "1,624 m", "1998", "Denmark"),
     ("Humber Bridge", "1,410 m", "1981", "United Kingdom"),
     ("Tsing Ma Bridge", "1,377 m", "1997", "Hong Kong"),
     ("Verrazzano-Narrows Bridge", "1,298 m", "1964", "United States"),
     ("Golden Gate Bridge", "1,280 m", "1937", "United States"),
     ("Hoga Kusten Bridge", "1,210 m", "1997", "Sweden")))
HEADLAMPS = DataTable(
    "https://www.trailgear.example/compare/headlamps", "Compare headlamps | TrailGear",
    "TrailGear", "Compare headlamps", "All headlamps currently listed on TrailGear, with "
    "brightness from the manufacturer's specification.", (420, 160, 160, 260),
    ("Headlamp", "Lumens", "Price", "Availability"),
    (("Summit 600 Rechargeable", "600", "$49.95", "Out of stock online"),
     ("Ridgeline 450", "450", "$34.99", "In stock"),
     ("Nightowl 400 Pro", "400", "$39.99", "In stock"),
     ("Trailglow 300", "300", "$24.99", "In stock"),
     ("Basecamp 200, 2-pack", "200", "$29.99", "In stock"),
     ("Canyon 1000", "1000", "$79.00", "In stock")), brand="#1b4332")
GYMS = DataTable(
    "https://www.fitfinder.example/san-francisco/union-square?day=saturday",
    "Gyms near Union Square | FitFinder", "FitFinder",
    "Gyms near Union Square, San Francisco", "Distances are walking distance from Union Square. "
    "Class times are for Saturdays.", (360, 180, 300, 200),
    ("Gym", "Distance", "Earliest Saturday class", "Monthly fee"),
    (("Bay Lift Club", "0.4 mi", "8:00 AM", "$59"), ("Core & Co", "0.6 mi", "9:00 AM", "$45"),
     ("Ironworks Studio", "0.7 mi", "6:30 AM", "$49"),
     ("Summit Cycle", "0.9 mi", "7:15 AM", "$65"),
     ("Harbor Fitness", "1.4 mi", "6:00 AM", "$39")), brand="#d81b60")
