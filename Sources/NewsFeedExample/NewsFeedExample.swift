// The example domain: see issue 4.
import Argonaut
