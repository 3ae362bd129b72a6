#include <catch2/catch.hpp>
TEST_CASE("placeholder for app", "[placeholder]") { CHECK(1 + 1 == 2); }
