import memcore.lifecycle as lifecycle


def test_all_lists_exactly_the_public_names():
    public = {name for name in dir(lifecycle) if not name.startswith("_")}
    modules = {"columns", "decay", "gc", "neardup", "plan", "rating", "rating_sim", "reflect", "scheduler",
               "strategies", "sweep", "tiered", "working"}
    assert set(lifecycle.__all__) == public - modules
    assert len(lifecycle.__all__) == len(set(lifecycle.__all__))
