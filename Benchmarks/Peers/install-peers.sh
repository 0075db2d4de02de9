#!/usr/bin/env bash
# Installs the C++ peers of the peer benchmark from Debian's packages:
# simdjson (libsimdjson-dev, 3.0 on bookworm) and RapidJSON (rapidjson-dev, 1.1).
# Run as root, or with sudo available. Then, from Benchmarks/Peers:
#   swift run -c release ArgonautPeers
set -euo pipefail
if [[ -f /usr/include/simdjson.h && -f /usr/include/rapidjson/document.h ]]; then
  echo "simdjson and RapidJSON are already installed"
  exit 0
fi
sudo=""
if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
$sudo apt-get update
$sudo apt-get install -y libsimdjson-dev rapidjson-dev
