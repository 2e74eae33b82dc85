"""Operations: backup and restore, demo data, and the backup download."""
