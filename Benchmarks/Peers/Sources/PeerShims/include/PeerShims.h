// The C interface of the C++ peers: simdjson (DOM API) and RapidJSON (DOM API).
// Each function works on a document that `peer_load` prepared once (simdjson needs
// padded input), so that the timed calls do only the work named.
#ifndef PEER_SHIMS_H
#define PEER_SHIMS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { PEER_SIMDJSON = 0, PEER_RAPIDJSON = 1 } peer_kind;

/// What a walk saw: every string's (and key's) byte count, the sum of the
/// integers (wrapping), the sum of the doubles, how many values there were, and
/// every number as a double, to compare libraries.
typedef struct {
  uint64_t string_bytes;
  int64_t integer_sum;
  double double_sum;
  uint64_t values;
  double number_total;
} peer_walk_summary;

/// A document prepared for one peer: a copy of the bytes and the peer's parser.
typedef struct peer_document peer_document;

peer_document *peer_load(peer_kind kind, const uint8_t *bytes, size_t count);
void peer_free(peer_document *document);

/// Parses into the peer's DOM and drops it; returns 0 on success.
int peer_parse(peer_document *document);
/// Parses, then visits every value: strings and keys as views, numbers as Int64
/// when the peer stores them so, otherwise as Double.
int peer_walk(peer_document *document, peer_walk_summary *summary);
/// Parses (untimed: see peer_prepare_write), then writes compact JSON; returns its length.
size_t peer_write(peer_document *document);
/// Parses once and keeps the DOM for peer_write.
int peer_prepare_write(peer_document *document);

#ifdef __cplusplus
}
#endif

#endif
