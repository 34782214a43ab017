// Catch2's main(), compiled once (tirx_catch_main) and linked into every host test.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
