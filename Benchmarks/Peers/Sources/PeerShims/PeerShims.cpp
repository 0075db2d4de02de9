// simdjson and RapidJSON behind the C interface of PeerShims.h, each used the way
// its documentation recommends for speed: simdjson's DOM parser reused across
// parses, on padded input; RapidJSON's default parse flags, with SSE 4.2 scanning.
#define RAPIDJSON_SSE42 1
#include "PeerShims.h"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>
#include <simdjson.h>

#include <memory>
#include <string>

struct peer_document {
  peer_kind kind;
  std::string text;                       // RapidJSON's input
  simdjson::padded_string padded;         // simdjson's input
  std::unique_ptr<simdjson::dom::parser> parser;
  std::unique_ptr<simdjson::dom::parser> writeParser;
  simdjson::dom::element writeRoot;
  std::unique_ptr<rapidjson::Document> writeDocument;
};

extern "C" peer_document *peer_load(peer_kind kind, const uint8_t *bytes, size_t count) {
  auto document = new peer_document();
  document->kind = kind;
  if (kind == PEER_SIMDJSON) {
    document->padded = simdjson::padded_string(reinterpret_cast<const char *>(bytes), count);
    document->parser = std::make_unique<simdjson::dom::parser>();
  } else {
    document->text.assign(reinterpret_cast<const char *>(bytes), count);
  }
  return document;
}

extern "C" void peer_free(peer_document *document) { delete document; }

// MARK: - simdjson

static void walkSimdjson(simdjson::dom::element element, peer_walk_summary &summary) {
  using simdjson::dom::element_type;
  summary.values += 1;
  switch (element.type()) {
  case element_type::ARRAY:
    for (simdjson::dom::element child : element.get_array().value_unsafe()) walkSimdjson(child, summary);
    break;
  case element_type::OBJECT:
    for (simdjson::dom::key_value_pair field : element.get_object().value_unsafe()) {
      summary.string_bytes += field.key.size();
      walkSimdjson(field.value, summary);
    }
    break;
  case element_type::STRING:
    summary.string_bytes += element.get_string().value_unsafe().size();
    break;
  case element_type::INT64:
  {
    int64_t integer = element.get_int64().value_unsafe();
    summary.integer_sum = int64_t(uint64_t(summary.integer_sum) + uint64_t(integer));
    summary.number_total += double(integer);
    break;
  }
  case element_type::UINT64:
  {
    double value = double(element.get_uint64().value_unsafe());
    summary.double_sum += value;
    summary.number_total += value;
    break;
  }
  case element_type::DOUBLE:
  {
    double value = element.get_double().value_unsafe();
    summary.double_sum += value;
    summary.number_total += value;
    break;
  }
  case element_type::BOOL:
  case element_type::NULL_VALUE:
    break;
  }
}

// MARK: - RapidJSON

static void walkRapidJSON(const rapidjson::Value &value, peer_walk_summary &summary) {
  summary.values += 1;
  switch (value.GetType()) {
  case rapidjson::kArrayType:
    for (const auto &child : value.GetArray()) walkRapidJSON(child, summary);
    break;
  case rapidjson::kObjectType:
    for (auto member = value.MemberBegin(); member != value.MemberEnd(); ++member) {
      summary.string_bytes += member->name.GetStringLength();
      walkRapidJSON(member->value, summary);
    }
    break;
  case rapidjson::kStringType:
    summary.string_bytes += value.GetStringLength();
    break;
  case rapidjson::kNumberType:
    if (value.IsInt64()) {
      int64_t integer = value.GetInt64();
      summary.integer_sum = int64_t(uint64_t(summary.integer_sum) + uint64_t(integer));
      summary.number_total += double(integer);
    } else {
      double number = value.GetDouble();
      summary.double_sum += number;
      summary.number_total += number;
    }
    break;
  default:
    break;
  }
}

// MARK: - The interface

extern "C" int peer_parse(peer_document *document) {
  if (document->kind == PEER_SIMDJSON) {
    simdjson::dom::element root;
    return document->parser->parse(document->padded).get(root) == simdjson::SUCCESS ? 0 : 1;
  }
  rapidjson::Document parsed;
  parsed.Parse(document->text.data(), document->text.size());
  return parsed.HasParseError() ? 1 : 0;
}

// Parses with RapidJSON's `flags`, then walks; returns 0 on success.
template <unsigned flags> static int parseAndWalkRapidJSON(const std::string &text, peer_walk_summary &summary) {
  rapidjson::Document parsed;
  parsed.Parse<flags>(text.data(), text.size());
  if (parsed.HasParseError()) return 1;
  walkRapidJSON(parsed, summary);
  return 0;
}

extern "C" int peer_walk(peer_document *document, peer_walk_summary *summary) {
  *summary = peer_walk_summary{0, 0, 0, 0, 0};
  if (document->kind == PEER_SIMDJSON) {
    simdjson::dom::element root;
    if (document->parser->parse(document->padded).get(root) != simdjson::SUCCESS) return 1;
    walkSimdjson(root, *summary);
    return 0;
  }
  return parseAndWalkRapidJSON<rapidjson::kParseDefaultFlags>(document->text, *summary);
}

extern "C" int peer_walk_full_precision(peer_document *document, peer_walk_summary *summary) {
  *summary = peer_walk_summary{0, 0, 0, 0, 0};
  if (document->kind != PEER_RAPIDJSON) return 1;
  return parseAndWalkRapidJSON<rapidjson::kParseFullPrecisionFlag>(document->text, *summary);
}

extern "C" int peer_prepare_write(peer_document *document) {
  if (document->kind == PEER_SIMDJSON) {
    document->writeParser = std::make_unique<simdjson::dom::parser>();
    return document->writeParser->parse(document->padded).get(document->writeRoot) == simdjson::SUCCESS ? 0 : 1;
  }
  document->writeDocument = std::make_unique<rapidjson::Document>();
  document->writeDocument->Parse(document->text.data(), document->text.size());
  return document->writeDocument->HasParseError() ? 1 : 0;
}

extern "C" size_t peer_write(peer_document *document) {
  if (document->kind == PEER_SIMDJSON) {
    std::string text = simdjson::to_string(document->writeRoot);
    return text.size();
  }
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
  document->writeDocument->Accept(writer);
  return buffer.GetSize();
}

// MARK: - Rounding

static void collectDoubles(const rapidjson::Value &value, double *out, size_t capacity, size_t &count) {
  switch (value.GetType()) {
  case rapidjson::kArrayType:
    for (const auto &child : value.GetArray()) collectDoubles(child, out, capacity, count);
    break;
  case rapidjson::kObjectType:
    for (auto member = value.MemberBegin(); member != value.MemberEnd(); ++member)
      collectDoubles(member->value, out, capacity, count);
    break;
  case rapidjson::kNumberType:
    if (count < capacity) out[count] = value.GetDouble();
    count += 1;
    break;
  default:
    break;
  }
}

extern "C" size_t peer_rapidjson_doubles(
    const uint8_t *bytes, size_t length, int full_precision, double *out, size_t capacity) {
  const char *text = reinterpret_cast<const char *>(bytes);
  rapidjson::Document parsed;
  if (full_precision) {
    parsed.Parse<rapidjson::kParseFullPrecisionFlag>(text, length);
  } else {
    parsed.Parse(text, length);
  }
  if (parsed.HasParseError()) return SIZE_MAX;
  size_t count = 0;
  collectDoubles(parsed, out, capacity, count);
  return count;
}
