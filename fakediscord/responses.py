"""What Discord does with the bot's answers: the interaction callback and the webhook routes."""

from __future__ import annotations

import asyncio
from typing import Any

from fakediscord.interaction import (
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    MODAL,
    UPDATE_MESSAGE,
    InteractionRecord,
)
from fakediscord.payloads import error_body
from fakediscord.records import EPHEMERAL_FLAG, LOADING_FLAG, DeprecatedCompletion, FakeMessage
from fakediscord.schema import check_choice_list, describe, errors_object
from fakediscord.store import Store, Upload

Json = dict[str, Any]
Answer = tuple[int, Json | None]
# which callback types Discord accepts for each interaction type
ALLOWED_CALLBACKS = {
    2: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
    3: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE, MODAL},
    4: {AUTOCOMPLETE_RESULT},
    5: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE},
}


class Responder:
    def __init__(self, store: Store, *, ack_deadline: float, token_ttl: float) -> None:
        self.store = store
        self.ack_deadline = ack_deadline
        self.token_ttl = token_ttl
        self.token_age = 0.0
        """Seconds every interaction token has aged beyond the loop's clock (`age_tokens`)."""

    def _now(self) -> float:
        return asyncio.get_running_loop().time()

    def _fail(self, rec: InteractionRecord | None, where: str, code: int, reason: str) -> Json:
        label = rec.label if rec is not None else "unknown interaction"
        self.store.violations.append(f"{where} ({label}): {reason} ({code})")
        if rec is not None:
            rec.error_codes.append(code)
            rec.notify()
        return error_body(code, reason)

    # -- POST /interactions/{id}/{token}/callback --------------------------------------------------

    def callback(
        self, interaction_id: int, token: str, body: Json, uploads: list[Upload]
    ) -> Answer:
        where = "interaction callback"
        rec = self.store.interactions.get(interaction_id)
        if rec is None or rec.token != token:
            return 404, self._fail(None, where, 10062, "Unknown interaction")
        rec.callback_attempts += 1
        elapsed = self._now() - rec.dispatched_at
        if rec.response_type is not None:
            return 400, self._fail(rec, where, 40060, "Interaction has already been acknowledged")
        if elapsed > self.ack_deadline:
            reason = f"Unknown interaction: answered after {elapsed:.2f} s > {self.ack_deadline} s"
            return 404, self._fail(rec, where, 10062, reason)
        kind = int(body.get("type", 0))
        data: Json = body.get("data") or {}
        if kind not in ALLOWED_CALLBACKS.get(rec.type, set()):
            reason = f"callback type {kind} is not valid for interaction type {rec.type}"
            return 400, self._fail(rec, where, 50035, reason)
        message = self._respond(rec, kind, data, uploads, where)
        if isinstance(message, tuple):
            rec.notify()
            return message
        rec.response_type = kind
        rec.response_data = data
        rec.ack_at = self._now()
        if kind in (CHANNEL_MESSAGE, UPDATE_MESSAGE):  # the answer rides on the callback
            rec.answers += 1
        if rec.deadline_handle is not None:
            rec.deadline_handle.cancel()
        rec.notify()
        return 200, self._callback_answer(rec, kind, message)

    def _respond(
        self, rec: InteractionRecord, kind: int, data: Json, uploads: list[Upload], where: str
    ) -> FakeMessage | Answer | None:
        store = self.store
        channel = store.channels[rec.channel_id]
        ephemeral_to = rec.user_id if int(data.get("flags") or 0) & EPHEMERAL_FLAG else None
        flags = EPHEMERAL_FLAG if ephemeral_to else 0
        if kind == CHANNEL_MESSAGE:
            rejected = store.check(f"{where} ({rec.label})", data, uploads)
            if rejected is not None:
                rec.error_codes.append(rejected.code)
                return rejected.status, error_body(rejected.code, rejected.reason)
            message = store.create_message(
                channel,
                self._bot_id(),
                data,
                uploads,
                ephemeral_to=ephemeral_to,
                flags=flags,
                record=rec,
            )
            rec.original_message_id = message.id
            return message
        if kind == DEFERRED_CHANNEL_MESSAGE:
            message = store.create_message(
                channel,
                self._bot_id(),
                {},
                [],
                ephemeral_to=ephemeral_to,
                flags=flags | LOADING_FLAG,
                record=rec,
            )
            rec.original_message_id = message.id
            rec.original_pending = True
            return message
        if kind in (DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE):
            if rec.clicked_message_id is None:
                return 400, self._fail(rec, where, 50035, "no message to update")
            clicked = store.messages[rec.clicked_message_id]
            rec.original_message_id = clicked.id
            if kind == DEFERRED_UPDATE_MESSAGE:
                return None
            rejected = store.check(f"{where} ({rec.label})", store.merged(clicked, data), uploads)
            if rejected is not None:
                rec.error_codes.append(rejected.code)
                return rejected.status, error_body(rejected.code, rejected.reason)
            store.edit_message(clicked, data, uploads)
            rec.original_touched = True
            return clicked
        if kind == AUTOCOMPLETE_RESULT:
            problems = check_choice_list(data.get("choices") or [], None, ("data", "choices"))
            if problems:
                for problem in problems[1:]:
                    self.store.violations.append(f"{where} ({rec.label}): {describe(problem)}")
                body = self._fail(rec, where, 50035, f"Invalid Form Body: {describe(problems[0])}")
                body["message"] = "Invalid Form Body"
                body["errors"] = errors_object(problems)
                return 400, body
        return None

    def _callback_answer(
        self, rec: InteractionRecord, kind: int, message: FakeMessage | None
    ) -> Json:
        inner: Json = {"id": str(rec.id), "type": rec.type}
        answer: Json = {"interaction": inner}
        if message is not None:
            inner["response_message_id"] = str(message.id)
            inner["response_message_loading"] = kind == DEFERRED_CHANNEL_MESSAGE
            inner["response_message_ephemeral"] = message.ephemeral
            answer["resource"] = {"type": kind, "message": self.store.message_json(message)}
        return answer

    def _bot_id(self) -> int:
        assert self.store.bot_user is not None
        return self.store.bot_user.id

    # -- /webhooks/{app}/{token}[/messages/{id}] -------------------------------------------------

    def _webhook_record(self, app_id: int, token: str, where: str) -> InteractionRecord | Answer:
        rec = self.store.by_token.get(token)
        if rec is None or app_id != self.store.application_id:
            return 404, self._fail(None, where, 10015, "Unknown Webhook")
        if self._now() + self.token_age - rec.dispatched_at > self.token_ttl:
            return 401, self._fail(rec, where, 50027, "Invalid Webhook Token (expired)")
        if rec.response_type is None:
            reason = "Unknown Webhook: used before the interaction was acknowledged"
            return 404, self._fail(rec, where, 10015, reason)
        return rec

    def followup(self, app_id: int, token: str, data: Json, uploads: list[Upload]) -> Answer:
        where = "followup"
        rec = self._webhook_record(app_id, token, where)
        if isinstance(rec, tuple):
            return rec
        store = self.store
        channel = store.channels[rec.channel_id]
        closed = store.check_channel(f"{where} ({rec.label})", channel)
        if closed is not None:
            rec.error_codes.append(closed.code)
            rec.notify()
            return closed.status, error_body(closed.code, closed.reason)
        if rec.original_pending and rec.original_message_id is not None:
            # Discord turns the first followup after a "thinking" defer into that message
            return self._complete_deferred(rec, data, uploads, where, followup=True)
        rejected = store.check(f"{where} ({rec.label})", data, uploads)
        if rejected is not None:
            rec.error_codes.append(rejected.code)
            rec.notify()
            return rejected.status, error_body(rejected.code, rejected.reason)
        ephemeral = int(data.get("flags") or 0) & EPHEMERAL_FLAG
        message = store.create_message(
            store.channels[rec.channel_id],
            self._bot_id(),
            data,
            uploads,
            ephemeral_to=rec.user_id if ephemeral else None,
            flags=EPHEMERAL_FLAG if ephemeral else 0,
            record=rec,
        )
        rec.followup_ids.append(message.id)
        rec.answers += 1
        rec.notify()
        return 200, store.message_json(message)

    def _complete_deferred(
        self,
        rec: InteractionRecord,
        data: Json,
        uploads: list[Upload],
        where: str,
        *,
        followup: bool = False,
    ) -> Answer:
        assert rec.original_message_id is not None
        message = self.store.messages[rec.original_message_id]
        rejected = self.store.check(
            f"{where} ({rec.label})", self.store.merged(message, data), uploads
        )
        if rejected is not None:
            rec.error_codes.append(rejected.code)
            rec.notify()
            return rejected.status, error_body(rejected.code, rejected.reason)
        self.store.edit_message(message, data, uploads, completes=True)
        if followup:
            self._record_deprecated_completion(rec, message, data, where)
        rec.original_pending = False
        rec.answers += 1
        rec.notify()
        return 200, self.store.message_json(message)

    def _record_deprecated_completion(
        self, rec: InteractionRecord, message: FakeMessage, data: Json, where: str
    ) -> None:
        asked = bool(int(data.get("flags") or 0) & EPHEMERAL_FLAG)
        leaked = asked and not message.ephemeral
        # the deferral's visibility wins: an "ephemeral" followup here is seen by everyone
        message.asked_ephemeral = asked
        self.store.record_deprecated(DeprecatedCompletion(rec.label, where, message.id, leaked))

    def _target(self, rec: InteractionRecord, message_id: str, where: str) -> FakeMessage | Answer:
        store = self.store
        ident = rec.original_message_id if message_id == "@original" else int(message_id)
        owned = [rec.original_message_id, *rec.followup_ids]
        message = store.messages.get(ident) if ident is not None else None
        if message is None or ident not in owned or message.deleted:
            return 404, self._fail(rec, where, 10008, f"Unknown Message {message_id}")
        return message

    def webhook_message(
        self,
        method: str,
        app_id: int,
        token: str,
        message_id: str,
        data: Json,
        uploads: list[Upload],
    ) -> Answer:
        where = f"{method} webhook message {message_id}"
        rec = self._webhook_record(app_id, token, where)
        if isinstance(rec, tuple):
            return rec
        target = self._target(rec, message_id, where)
        if isinstance(target, tuple):
            return target
        if method == "GET":
            return 200, self.store.message_json(target)
        if method == "DELETE":
            target.deleted = True
            if target.id == rec.original_message_id:
                rec.original_deleted = True
                # the "thinking" message is gone: later followups are new messages
                rec.original_pending = False
            rec.notify()
            return 204, None
        if target.id == rec.original_message_id and rec.original_pending:
            return self._complete_deferred(rec, data, uploads, where)
        rejected = self.store.check(
            f"{where} ({rec.label})", self.store.merged(target, data), uploads
        )
        if rejected is not None:
            rec.error_codes.append(rejected.code)
            rec.notify()
            return rejected.status, error_body(rejected.code, rejected.reason)
        self.store.edit_message(target, data, uploads)
        if target.id == rec.original_message_id and rec.response_type == DEFERRED_UPDATE_MESSAGE:
            if not rec.original_touched:
                rec.answers += 1
            rec.original_touched = True
        rec.notify()
        return 200, self.store.message_json(target)
