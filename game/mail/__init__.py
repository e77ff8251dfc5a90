"""Play by e-mail: sealed turn files and each copy's record of its games."""
