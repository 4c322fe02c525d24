"""Road Wolf (Sean Patten): vehicle combat on a moving highway, refereed on a 1-inch grid."""
