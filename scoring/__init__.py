"""The rules of riichi mahjong scoring, in pure Python (no Django)."""
