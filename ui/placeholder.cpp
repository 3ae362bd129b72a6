// Removed when the first editor class lands.
