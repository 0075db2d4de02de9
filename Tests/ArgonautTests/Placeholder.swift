import Testing
@testable import Argonaut
