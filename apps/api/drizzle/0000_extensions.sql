-- Accent-insensitive and fuzzy search (DESIGN §6): trigram indexes; unaccent for SQL-side folding.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
