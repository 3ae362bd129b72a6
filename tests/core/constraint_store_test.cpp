#include <catch2/catch.hpp>

#include "core/model/constraint_store.h"
#include "step_builder.h"

using namespace mv;
using mv::test::constraintIds;
using mv::test::ScriptBuilder;

TEST_CASE("A later step with the same key ends a constraint", "[store]") {
    const Script script = ScriptBuilder()
                              .step(0)
                              .constraint("Crank.Q")
                              .constraint("")
                              .step(1)
                              .constraint("x")
                              .step(2)
                              .constraint("Crank.Q")
                              .step(3)
                              .build();
    CHECK(script.constraints[0].firstStep == 0);
    CHECK(script.constraints[0].endStep == 2);
    CHECK(script.constraints[1].endStep == 4);  // no key: to the end
    CHECK(script.constraints[2].endStep == 4);
    CHECK(script.constraints[3].firstStep == 2);
    CHECK(script.constraints[3].endStep == 4);
    const ConstraintStore store(script);
    CHECK(store.active(0) == constraintIds({0, 1}));
    CHECK(store.active(1) == constraintIds({0, 1, 2}));
    CHECK(store.active(2) == constraintIds({1, 2, 3}));
    CHECK(store.active(3) == constraintIds({1, 2, 3}));
}

TEST_CASE("Constraints with one key in one step hold together", "[store]") {
    const Script script = ScriptBuilder()
                              .step(0)
                              .constraint("x <")
                              .constraint("x <")
                              .constraint("x >")
                              .step(1)
                              .constraint("x <")
                              .build();
    const ConstraintStore store(script);
    CHECK(store.active(0) == constraintIds({0, 1, 2}));
    // The new upper bound replaces both old ones; the lower bound stays.
    CHECK(store.active(1) == constraintIds({2, 3}));
}

TEST_CASE("A freeing constraint ends the key's constraints and is never active", "[store]") {
    const Script script = ScriptBuilder()
                              .step(0)
                              .constraint("Crank.Q")
                              .step(1)
                              .constraint("Crank.Q", true)
                              .step(2)
                              .constraint("Crank.Q")
                              .build();
    const ConstraintStore store(script);
    CHECK(store.active(0) == constraintIds({0}));
    CHECK(store.active(1).empty());
    CHECK_FALSE(store.isActive(ConstraintId{1}, 1));
    CHECK(store.active(2) == constraintIds({2}));
}

TEST_CASE("Steps share an active set when nothing changes between them", "[store]") {
    const Script script = ScriptBuilder()
                              .step(0)
                              .constraint("a")
                              .step(1)  // changes nothing
                              .step(2)
                              .constraint("b")  // adds b
                              .step(3)
                              .constraint("b", true)  // drops b again
                              .step(4)
                              .constraint("never", true)  // frees a key nobody used
                              .step(5)
                              .constraint("a")  // replaces a
                              .build();
    const ConstraintStore store(script);
    CHECK(store.shareActiveSet(0, 1));
    CHECK_FALSE(store.shareActiveSet(1, 2));
    CHECK(store.shareActiveSet(1, 3));  // b came and went
    CHECK(store.shareActiveSet(3, 4));
    CHECK(store.shareActiveSet(4, 0));
    CHECK_FALSE(store.shareActiveSet(4, 5));
}
