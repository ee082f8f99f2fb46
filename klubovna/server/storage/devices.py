"""A profile's devices, one-time codes and passkeys in the database (features/devices.py,
features/passkeys.py say what they are for).

Every secret is stored as its SHA-256 only: device keys, transfer and recovery codes, and
passkey challenges. Each change is one transaction; redeeming a code marks it used in the
same transaction that adds the device, so two devices racing with one code get one profile.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Engine, delete, func, or_, select, update
from sqlalchemy.orm import Session

from klubovna.server.storage.db import CodeRow, DeviceRow, PasskeyRow, ProfileRow

SEEN_EVERY_MS = 60_000
"""A device's `last_seen` moves when a request comes this long after the last noted one:
the list says "today", not the second, and most requests write nothing."""
USED_KEPT_MS = 24 * 3600_000
"""Used and expired codes are kept this long (a second try hears "used"), then deleted."""


class CodeRefused(Exception):
    """The code opens nothing: `reason` is "unknown", "used" or "expired"."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Keeping:
    """What keeps a profile reachable if this device is lost."""

    devices: int
    passkeys: int
    recovery: bool


class Devices:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # --- devices --------------------------------------------------------------------
    @staticmethod
    def add(session: Session, device_id: str, profile_id: str, key_hash: str, name: str,
            now: int) -> DeviceRow:
        row = DeviceRow(id=device_id, profile_id=profile_id, key_hash=key_hash, name=name,
                        created_at=now, last_seen=now)
        session.add(row)
        return row

    def signed_in(self, key_hash: str, now: int) -> tuple[ProfileRow, str] | None:
        """(profile, device id) of a device key; notes the device as seen now."""
        with Session(self.engine, expire_on_commit=False) as session:
            found = session.execute(
                select(ProfileRow, DeviceRow.id, DeviceRow.last_seen)
                .join(DeviceRow, DeviceRow.profile_id == ProfileRow.id)
                .where(DeviceRow.key_hash == key_hash)
            ).first()
            if found is None:
                return None
            profile, device_id, last_seen = found
            if now - last_seen >= SEEN_EVERY_MS:
                session.execute(update(DeviceRow).where(DeviceRow.id == device_id)
                                .values(last_seen=now))
                session.commit()
            return profile, device_id

    def of(self, profile_id: str) -> Sequence[DeviceRow]:
        """The profile's devices, the most recently seen first."""
        with Session(self.engine) as session:
            return session.scalars(
                select(DeviceRow).where(DeviceRow.profile_id == profile_id)
                .order_by(DeviceRow.last_seen.desc(), DeviceRow.created_at.desc())
            ).all()

    def sign_out(self, profile_id: str, device_id: str) -> bool:
        """Delete one of the profile's devices (its key opens nothing from now on)."""
        with Session(self.engine) as session, session.begin():
            gone = session.execute(delete(DeviceRow).where(
                DeviceRow.id == device_id, DeviceRow.profile_id == profile_id))
            return bool(gone.rowcount)  # type: ignore[attr-defined]

    def keeping(self, profile_id: str) -> Keeping:
        with Session(self.engine) as session:
            devices = session.scalar(select(func.count()).select_from(DeviceRow)
                                     .where(DeviceRow.profile_id == profile_id))
            passkeys = session.scalar(select(func.count()).select_from(PasskeyRow)
                                      .where(PasskeyRow.profile_id == profile_id))
            recovery = session.scalar(select(CodeRow.code_hash).where(
                CodeRow.profile_id == profile_id, CodeRow.kind == "recovery",
                CodeRow.used_at.is_(None)))
            return Keeping(devices or 0, passkeys or 0, recovery is not None)

    # --- one-time codes -------------------------------------------------------------
    def new_code(self, code_hash: str, kind: str, profile_id: str | None, now: int,
                 expires_at: int | None) -> None:
        """Store a code; the profile's earlier unused code of the same kind stops working
        (one transfer code and one recovery code at a time)."""
        with Session(self.engine) as session, session.begin():
            if profile_id is not None:
                session.execute(delete(CodeRow).where(
                    CodeRow.profile_id == profile_id, CodeRow.kind == kind,
                    CodeRow.used_at.is_(None)))
            old = now - USED_KEPT_MS
            session.execute(delete(CodeRow).where(
                or_(CodeRow.used_at < old, CodeRow.expires_at < old)))
            session.add(CodeRow(code_hash=code_hash, kind=kind, profile_id=profile_id,
                                created_at=now, expires_at=expires_at))

    @staticmethod
    def _use(session: Session, code_hash: str, kinds: Sequence[str],
             profile_id: str | None, now: int) -> CodeRow:
        """Mark a live code used in this transaction, or raise CodeRefused."""
        row = session.get(CodeRow, code_hash)
        if row is None or row.kind not in kinds or (
                profile_id is not None and row.profile_id != profile_id):
            raise CodeRefused("unknown")
        taken = session.execute(update(CodeRow).where(
            CodeRow.code_hash == code_hash, CodeRow.used_at.is_(None),
            or_(CodeRow.expires_at.is_(None), CodeRow.expires_at > now),
        ).values(used_at=now))
        if not taken.rowcount:  # type: ignore[attr-defined]
            session.refresh(row)
            raise CodeRefused("used" if row.used_at is not None else "expired")
        return row

    def redeem(self, code_hash: str, kinds: Sequence[str], now: int, device_id: str,
               key_hash: str, name: str) -> tuple[ProfileRow, DeviceRow]:
        """A transfer or recovery code signs a new device in: (profile, device)."""
        with Session(self.engine, expire_on_commit=False) as session:
            try:
                with session.begin():
                    code = self._use(session, code_hash, kinds, None, now)
                    profile = session.get(ProfileRow, code.profile_id)
                    if profile is None:
                        raise CodeRefused("unknown")
                    device = self.add(session, device_id, profile.id, key_hash, name, now)
            except CodeRefused as refused:
                if refused.reason == "expired":  # no second chance: mark it used
                    with session.begin():
                        session.execute(update(CodeRow).where(CodeRow.code_hash == code_hash)
                                        .values(used_at=now))
                raise
            return profile, device

    def take_challenge(self, code_hash: str, kind: str, profile_id: str | None,
                       now: int) -> None:
        """Use up a passkey ceremony's challenge; CodeRefused when it is not a live one of
        `kind` (for `profile_id` when given)."""
        with Session(self.engine) as session, session.begin():
            self._use(session, code_hash, (kind,), profile_id, now)

    # --- passkeys -------------------------------------------------------------------
    def add_passkey(self, credential_id: str, profile_id: str, public_key: bytes,
                    sign_count: int, name: str, now: int) -> PasskeyRow:
        row = PasskeyRow(id=credential_id, profile_id=profile_id, public_key=public_key,
                         sign_count=sign_count, name=name, created_at=now, last_used=None)
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            session.add(row)
        return row

    def passkeys_of(self, profile_id: str) -> Sequence[PasskeyRow]:
        with Session(self.engine) as session:
            return session.scalars(
                select(PasskeyRow).where(PasskeyRow.profile_id == profile_id)
                .order_by(PasskeyRow.created_at)
            ).all()

    def passkey(self, credential_id: str) -> PasskeyRow | None:
        with Session(self.engine) as session:
            return session.get(PasskeyRow, credential_id)

    def delete_passkey(self, profile_id: str, credential_id: str) -> bool:
        with Session(self.engine) as session, session.begin():
            gone = session.execute(delete(PasskeyRow).where(
                PasskeyRow.id == credential_id, PasskeyRow.profile_id == profile_id))
            return bool(gone.rowcount)  # type: ignore[attr-defined]

    def passkey_sign_in(self, credential_id: str, sign_count: int, now: int, device_id: str,
                        key_hash: str, name: str) -> tuple[ProfileRow, DeviceRow] | None:
        """A verified passkey signs a new device in; None if the passkey was deleted."""
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            passkey = session.get(PasskeyRow, credential_id)
            profile = session.get(ProfileRow, passkey.profile_id) if passkey else None
            if passkey is None or profile is None:
                return None
            passkey.sign_count, passkey.last_used = sign_count, now
            return profile, self.add(session, device_id, profile.id, key_hash, name, now)

    @staticmethod
    def forget_profile(session: Session, profile_id: str) -> None:
        """In the profile's deletion: its devices, codes and passkeys."""
        for row in (DeviceRow, CodeRow, PasskeyRow):
            session.execute(delete(row).where(row.profile_id == profile_id))
