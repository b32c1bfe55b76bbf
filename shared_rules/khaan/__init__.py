"""Rise of the Khaan (Narodziny chana, Kalisoft 2015): board, growth, combat, kurultai."""
