"""The rulebook's worked plot form, exactly as printed (shared/rules/plotted-aa.md, "German 1st
Turn Example"), tab-separated as its table: the demo pastes it and the tests read it, so
there is one copy to compare with the rulebook."""

GERMAN_FIRST_TURN = (
    "Round\tMove To / Build At\tWith Units\tFrom\tNotes\n"
    "4\tKarelia\t3i, t\tFin\t\n"
    "\t\t3i, t\tUkr\t\n"
    "\t\t3i, t\tE Eur\t\n"
    "\t\t2t\tGer\tVia E Eur\n"
    "3\tNorth Sea\tf\tUkr\t\n"
    "\t\tf\tFin\t\n"
    "\t\tf\tE Eur\t\n"
    "\t\tf\tW Eur\t\n"
    "\t\tf, b\tGer\t\n"
    "\t\tsub, trn\tBaltic\t\n"
    "1\tE Med\tbb, trn\tC Med\t+t from S Eur\n"
    "2\tEgypt\tall\tLibya\tt via F E Afr\n"
    "\t\tt\tE Med\tfrom trn\n"
    "5\tF W Afr\tall\tAlg\t\n"
    "6\tGer\t6t\tbuild\t30 IPCs\n"
    "7\tUS E Coast\tsub\tSpn W Coast\t\n")
