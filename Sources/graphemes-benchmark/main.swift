import Graphemes
