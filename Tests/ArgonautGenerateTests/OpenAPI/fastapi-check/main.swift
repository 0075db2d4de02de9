// The end-to-end check's program (Scripts/openapi-check.sh): it is compiled with the
// services that argonaut-generate wrote from the FastAPI app's /openapi.json, and
// calls every operation of app.py on 127.0.0.1. Exits non-zero on the first wrong answer.
import ArgonautServices
import Foundation
import PetStoreAPI

#if canImport(Glibc)
  import Glibc
#endif

guard CommandLine.arguments.count == 2, let port = Int(CommandLine.arguments[1]) else {
  fatalError("usage: OpenAPICheck PORT")
}
let configuration = ServiceConfiguration(environment: .local(port: port))
var failures = 0

@MainActor func check(_ condition: Bool, _ what: String, line: UInt = #line) {
  if condition {
    print("ok   \(what)")
  } else {
    print("FAIL \(what) (Check.swift:\(line))")
    failures += 1
  }
}

let pets = PetsService(configuration: configuration)
let owners = OwnersService(configuration: configuration)
let categories = CategoriesService(configuration: configuration)
let debugTools = DebugToolsService(configuration: configuration)
let defaults = DefaultService(configuration: configuration)

// The OpenAPI article's walk-through (ArgonautServices.docc/OpenAPI.md), line for line.
do {
  let pets = PetsService(configuration: configuration)
  let cats = try await pets.listPets(species: .cat, tag: ["indoor", "grey"], limit: 5, xRequestId: "req-42")
  let rex = try await pets.getPet(petId: 2)  // GET /pets/{pet_id}
  if case .dog(let dog) = rex.details { print(dog.goodBoy) }  // a discriminated union
  let resource = pets.getPetResource(petId: 2)  // Resource<Pet>: load, pages, ResourceOperation
  check(cats.count == 1 && rex.name == "Rex", "the OpenAPI article's walk-through")
  check(try await pets.load(resource).name == "Rex", "the OpenAPI article's resource")
} catch {
  check(false, "the OpenAPI article's walk-through: \(error)")
}

do {
  // Query parameters (an enum, an exploded array, an integer) and a header.
  let all = try await pets.listPets()
  check(all.count == 2, "listPets: every pet")
  let cats = try await pets.listPets(species: .cat, tag: ["indoor", "grey"], limit: 5, xRequestId: "req-42")
  check(cats.map(\.name) == ["Tom"], "listPets: filtered by species, tags, limit and X-Request-Id")
  let tom = cats[0]
  check(tom.id == 505_874_924_095_815_681, "int64 beyond 2^53 stays exact")
  check(tom.nickname == nil, "a required nullable field that is null")
  check(tom.bornAt == Date(timeIntervalSince1970: 1_589_704_200), "date-time")
  check(tom.attributes == ["lives": 9], "additionalProperties: a map")
  check(tom.owner?.id == UUID(uuidString: "6f1c2a7e-0b4d-4c8e-9a51-3d2f7e8b9c10"), "a nested model with a UUID")
  if case .cat(let cat) = tom.details { check(cat.meows == 3, "discriminated union: cat") } else { check(false, "cat") }
  do {
    _ = try await pets.listPets(xRequestId: "wrong")
    check(false, "a header the server rejects fails")
  } catch {
    check(error.statusCode == 400, "a header the server rejects gives its status")
  }

  // A path parameter.
  let rex = try await pets.getPet(petId: 2)
  check(rex.nickname == "Rexy" && rex.species == .dog, "getPet: path parameter")
  if case .dog(let dog) = rex.details { check(dog.goodBoy, "discriminated union: dog") } else { check(false, "dog") }

  // A body, 201; then PUT and DELETE (204).
  let created = try await pets.createPet(
    body: PetCreate(
      name: "Panda", species: .redPanda, details: .cat(Cat(petType: "cat", meows: 1)), nickname: "Red",
      tags: ["new"], attributes: ["age": 2]))
  check(created.name == "Panda" && created.species == .redPanda && created.attributes == ["age": 2], "createPet: body")
  do {
    // The server knows no "otter": the enum kept the value and sent it back as it was.
    let otter = PetCreate(name: "Otto", species: .unknown("otter"), details: .dog(Dog(petType: "dog", goodBoy: true)))
    check(otter.encode()["species"] == "otter", "unknown(\"otter\") encodes as \"otter\"")
    _ = try await pets.updatePet(petId: Int(created.id), body: otter)
    check(false, "updatePet with a species the server does not know fails")
  } catch {
    check(error.statusCode == 422, "updatePet with a species the server does not know gives 422")
  }
} catch {
  check(false, "unexpected error: \(error)")
}

do {
  let all = try await pets.listPets()
  guard let created = all.first(where: { $0.name == "Panda" }) else { throw CheckFailure("no Panda") }
  let updated = try await pets.updatePet(
    petId: Int(created.id),
    body: PetCreate(name: "Red Panda", species: .redPanda, details: .dog(Dog(petType: "dog", goodBoy: false))))
  check(updated.name == "Red Panda" && updated.nickname == nil, "updatePet: path parameter and body")
  try await pets.deletePet(petId: Int(created.id))
  check(try await pets.listPets().count == 2, "deletePet: 204, Void")

  let owner = try await owners.getOwner(ownerId: UUID(uuidString: "6f1c2a7e-0b4d-4c8e-9a51-3d2f7e8b9c10")!)
  check(owner.name == "Ada" && owner.email == nil, "getOwner: a UUID path parameter")

  let tree = try await categories.categoryTree()
  check(tree.children?.first?.parent?.name == "animals", "a recursive model ($ref cycle)")
  check(tree.children?.first?.children?.first?.name == "cats", "a recursive model, two levels down")

  let token = UUID()
  let since = Date(timeIntervalSince1970: 1_700_000_000)
  let echo = try await debugTools.echo(
    itemId: 7, token: token, active: true, flags: [1, 2, 3], q: "a b&c=d/é", since: since, species: .redPanda,
    xTrace: "trace-1")
  check(echo.itemId == 7 && echo.token == token, "echo: path parameters")
  check(echo.active && echo.flags == [1, 2, 3], "echo: a boolean and an exploded array")
  check(echo.q == "a b&c=d/é", "echo: a query string survives percent-encoding")
  check(echo.since == since, "echo: a date-time query parameter")
  check(echo.species == .redPanda && echo.trace == "trace-1", "echo: an enum query parameter and a header")
  let bare = try await debugTools.echo(itemId: 1, token: token, active: false, flags: [4])
  check(
    bare.flags == [4] && bare.q == nil && bare.since == nil && bare.species == nil && bare.trace == nil,
    "echo: optional ones left out")

  // The Resource form, loaded by any service.
  let resource = pets.getPetResource(petId: 2)
  check(try await defaults.load(resource).name == "Rex", "getPetResource: a Resource any service loads")

  // A union without a discriminator: each element is the first variant it fits, and
  // encodes back as it came.
  let mixed = try await debugTools.mixed()
  if mixed.count == 4, case .int(7) = mixed[0], case .string("seven") = mixed[1],
    case .stringArray(["a", "b"]) = mixed[2], case .owner(let ada) = mixed[3]
  {
    check(ada.name == "Ada", "mixed: anyOf of integer, string, array and model, each its own case")
  } else {
    check(false, "mixed: anyOf decoded as \(mixed)")
  }
  check(mixed.map { $0.encode() } == [7, "seven", ["a", "b"], mixed[3].encode()], "mixed: encode() writes back")
  check(mixed[3].encode()["name"] == "Ada", "mixed: the model variant encodes its members")

  let health = try await defaults.health()
  check(health == ["status": "ok"], "health: an untagged operation in DefaultService")
} catch {
  check(false, "unexpected error: \(error)")
}

do {
  // An application/x-www-form-urlencoded body (FastAPI's Form()): the list repeats its key.
  let messages = MessagesService(configuration: configuration)
  let sent = try await messages.sendMessage(
    body: BodySendMessage(to: "+1 555 0100", body: "Hi & bye = 100%", mediaUrl: ["a.png", "b c.png"], urgent: true))
  check(sent.to == "+1 555 0100" && sent.body == "Hi & bye = 100%", "sendMessage: form fields, percent-encoded")
  check(sent.mediaUrls == ["a.png", "b c.png"], "sendMessage: an array repeats its key")
  check(sent.priority == 0 && sent.urgent, "sendMessage: an absent field and a boolean")

  // A multipart/form-data upload: a file, files, optional and repeated text fields.
  let upload = try await messages.uploadDocument(
    body: BodyUploadDocumentForm(
      file: MultipartFile(data: Data("hello".utf8), filename: "hello.txt", contentType: "text/plain"),
      description: "a greeting",
      extras: [MultipartFile(data: Data("one".utf8), filename: "1.txt"), MultipartFile(data: Data("two".utf8))],
      tags: ["x", "y"]))
  check(
    upload.filename == "hello.txt" && upload.contentType == "text/plain", "uploadDocument: the file's name and type")
  check(upload.text == "hello" && upload.description == "a greeting", "uploadDocument: the file and a text field")
  check(upload.extras == ["1.txt:one", "extras:two"], "uploadDocument: an array of files repeats the part")
  check(upload.tags == ["x", "y"], "uploadDocument: an array of text repeats the part")
  let bare = try await messages.uploadDocument(body: BodyUploadDocumentForm(file: MultipartFile(data: Data())))
  check(bare.filename == "file" && bare.extras.isEmpty && bare.description == nil, "uploadDocument: defaults")
} catch {
  check(false, "unexpected error: \(error)")
}

do {
  // A text/event-stream response: each event's data decoded as the schema's model; [DONE] ends it.
  let streams = StreamsService(configuration: configuration)
  var ticks: [String] = []
  for try await tick in streams.ticks(count: 3) { ticks.append("\(tick.n):\(tick.word)") }
  check(ticks == ["0:tick", "1:ticktick", "2:tickticktick"], "ticks: an event stream, typed, ending at [DONE]")
  var untyped: [String] = []
  for try await event in streams.events(streams.ticksRequest(count: 1)) { untyped.append(event.event ?? event.data) }
  check(untyped == ["tick", "[DONE]", "{\"n\": -1, \"word\": \"after the end\"}"], "ticksRequest: the untyped events")

  // The document's servers: the top-level list is `enum Servers`; an operation's own server is absolute.
  check(Servers.thisApp.baseURL?.absoluteString == "http://127.0.0.1:\(port)", "Servers.thisApp: the top-level server")
  let elsewhere = try await StreamsService(configuration: ServiceConfiguration(environment: Servers.thisApp))
    .elsewhere()
  check(elsewhere == ["path": "/mirror/elsewhere"], "elsewhere: sent to the operation's own server")
  let fromAnyBase = try await StreamsService(configuration: ServiceConfiguration(environment: .absoluteURLsOnly))
    .elsewhere()
  check(fromAnyBase == elsewhere, "elsewhere: absolute, whatever the environment")
} catch {
  check(false, "unexpected error: \(error)")
}

// Null and absent stay apart: Owner.email is optional and nullable (anyOf [string, null]).
for email in ["", ", \"email\": null", ", \"email\": \"ann@example.com\""] {
  let text = "{\"id\": \"00000000-0000-0000-0000-000000000001\", \"name\": \"Ann\"\(email)}"
  let json = try JSON(parsing: text)
  let decoded = Owner.decode(json).value
  check(decoded?.encode()["email"] == json["email"], "Owner.email: decode then encode keeps {…\(email)}")
}
var patch = Owner(id: UUID(), name: "Ann")
check(patch.email == nil && patch.encode()["email"] == nil, "Owner.email: nil is absent")
patch.$email = .null
check(patch.email == nil && patch.encode()["email"] == .null, "Owner.email: $email = .null sends null")
patch.email = "ann@example.com"
check(patch.encode()["email"] == "ann@example.com", "Owner.email: a value")

struct CheckFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

print(failures == 0 ? "all operations answered as expected" : "\(failures) check(s) failed")
exit(failures == 0 ? 0 : 1)
