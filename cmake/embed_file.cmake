# Turns a binary file into a C++ source holding its bytes, so the engine needs no file at run
# time (the evaluation weights). Run as a script:
#   cmake -DINPUT=file -DOUTPUT=file.cpp -DSYMBOL=name -P cmake/embed_file.cmake
# It defines `extern const unsigned char <SYMBOL>Data[]` and `extern const std::size_t
# <SYMBOL>Size` at global scope.
file(READ "${INPUT}" hex HEX)
string(LENGTH "${hex}" hex_length)
math(EXPR size "${hex_length} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
# Line breaks every 24 bytes keep the generated file readable by tools.
string(REGEX REPLACE "((0x[0-9a-f][0-9a-f],){24})" "\\1\n" bytes "${bytes}")
file(WRITE "${OUTPUT}.tmp"
     "// Generated from ${INPUT} by cmake/embed_file.cmake: do not edit.\n"
     "#include <cstddef>\n"
     "extern const unsigned char ${SYMBOL}Data[];\n"
     "extern const std::size_t ${SYMBOL}Size;\n"
     "alignas(8) const unsigned char ${SYMBOL}Data[] = {\n${bytes}\n};\n"
     "const std::size_t ${SYMBOL}Size = ${size};\n")
file(RENAME "${OUTPUT}.tmp" "${OUTPUT}")
