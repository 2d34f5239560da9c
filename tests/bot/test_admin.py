"""The admin tools' wording."""

from bot.handlers.admin import replay_check
from bot.i18n import translator
from storage import VerifyResult

_ = translator("en")


def test_the_replay_check_is_worded_by_the_bot() -> None:
    ok = VerifyResult(1, True, "replayed 7 actions; the stored state matches", 7, 7)
    lobby = VerifyResult(2, True, "game 2 never started (lobby): nothing to replay", 0, None)
    bad = VerifyResult(3, False, "the log holds 6 actions but the version is 7", 7, None)

    assert replay_check(ok, _) == "✅ replayed 7 actions; the stored state matches"
    assert replay_check(lobby, _) == "✅ nothing to replay: the game has not started"
    assert replay_check(bad, _) == (
        "❌ the replay does not match the stored game "
        "(the log holds 6 actions but the version is 7)"
    )
