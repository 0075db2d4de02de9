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

/// The walk of a RapidJSON document, parsed with kParseFullPrecisionFlag: numbers
/// correctly rounded, as Argonaut reads them. Returns 0 on success.
int peer_walk_full_precision(peer_document *document, peer_walk_summary *summary);

/// Parses `bytes` with RapidJSON, with its default flags or with
/// kParseFullPrecisionFlag, and writes every number as a double, in document order,
/// to `out` (at most `capacity`). Returns how many numbers there are, or SIZE_MAX
/// when the text does not parse.
size_t peer_rapidjson_doubles(const uint8_t *bytes, size_t count, int full_precision, double *out, size_t capacity);

#ifdef __cplusplus
}
#endif

#endif
