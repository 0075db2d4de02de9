import Argonaut

/// What to generate: the root type's name, the access level, and whether to add
/// `Codable`.
struct GeneratorOptions: Equatable, Sendable {
  /// The name of the root type (for a root array, of its elements).
  var typeName = "Root"
  /// Whether the declarations are `public`, with a public memberwise initializer.
  var isPublic = false
  /// Whether each structure also conforms to `Codable`, with `CodingKeys`.
  var codable = false
  /// The sample file names, for the header comment.
  var sourceNames: [String] = []
}

/// Swift models and Argonaut decoders from sample JSON documents.
///
/// The pipeline runs in four separate stages, as in quicktype:
/// 1. **infer**: each sample becomes a ``Shape``, and the shapes of every sample and
///    every array element at one place are unified; objects used as maps are found
///    (``MapDetection``);
/// 2. **unify types**: each object shape becomes a ``Structure``, and objects of the
///    same shape at different places share one (``TypeGraph``);
/// 3. **name**: structures and properties get unique, deterministic names
///    (``Naming``);
/// 4. **render**: Swift source (``SwiftRenderer``).
///
/// ```swift
/// let source = Generator(options: GeneratorOptions(typeName: "User")).source(for: [json])
/// ```
struct Generator: Sendable {
  var options: GeneratorOptions
  var mapDetection = MapDetection()

  /// The unified shape of `samples`, maps found.
  func shape(for samples: [JSON]) -> Shape {
    mapDetection.refine(Shape(samples: samples))
  }

  /// The Swift source for `samples`.
  func source(for samples: [JSON]) -> String {
    let graph = TypeGraph(shape: shape(for: samples))
    let naming = Naming(graph: graph, rootName: options.typeName)
    return SwiftRenderer(graph: graph, naming: naming, options: options).render()
  }
}
