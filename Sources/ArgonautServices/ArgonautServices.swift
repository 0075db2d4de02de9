// The services layer: see issue 4.
import Argonaut
