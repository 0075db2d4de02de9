#!/usr/bin/env python3
"""Cuts small fuzz seeds from the benchmark corpus: the same shapes as twitter.json,
citm_catalog.json and canada.json, a few kilobytes each, so that the Decoding target
starts from documents its corpus models accept. Usage: fuzz-seeds.py BENCH_DIR OUT_DIR"""
import json
import os
import sys

bench, out = sys.argv[1], sys.argv[2]


def write(name, value):
    with open(os.path.join(out, name), "w", encoding="utf-8") as f:
        json.dump(value, f, ensure_ascii=False, separators=(",", ":"))


def load(name):
    path = os.path.join(bench, name)
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return json.load(f)


twitter = load("twitter.json")
if twitter:
    for i in range(3):
        write(f"twitter-{i}.json", {"statuses": twitter["statuses"][i : i + 1]})

citm = load("citm_catalog.json")
if citm:
    events = dict(list(citm["events"].items())[:2])
    write("citm-0.json", {**citm, "events": events, "performances": citm["performances"][:2],
                          "topicNames": dict(list(citm["topicNames"].items())[:3]),
                          "subTopicNames": dict(list(citm["subTopicNames"].items())[:3]),
                          "seatCategoryNames": dict(list(citm["seatCategoryNames"].items())[:3]),
                          "areaNames": dict(list(citm["areaNames"].items())[:3]),
                          "audienceSubCategoryNames": dict(list(citm["audienceSubCategoryNames"].items())[:3]),
                          "blockNames": {}, "subjectNames": {},
                          "topicSubTopics": dict(list(citm["topicSubTopics"].items())[:3]),
                          "venueNames": dict(list(citm["venueNames"].items())[:3])})

canada = load("canada.json")
if canada:
    feature = canada["features"][0]
    rings = [ring[:8] for ring in feature["geometry"]["coordinates"][:2]]
    write("canada-0.json", {**canada, "features": [{**feature, "geometry": {**feature["geometry"], "coordinates": rings}}]})
