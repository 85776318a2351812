-- Usernames saved before the shared text rule (src/shared/text-rules.ts) can
-- hold invisible characters: someone else's name plus a zero-width space
-- passed the case-insensitive uniqueness check and looked the same. This
-- cleans them as the rule does, as near as PostgreSQL's regular expressions
-- come: invisible and bidirectional characters removed (a joiner or emoji
-- variation selector is kept next to a pictograph, tag characters in a flag),
-- control characters made spaces, NFC, spaces folded, trimmed. A cleaned name
-- that another member already has gets the next free number, as at sign-up;
-- the older account is cleaned first. Nothing happens to clean names.
-- docs/security.md, "Characters in names and texts".
DO $$
DECLARE
  r record;
  pictograph text := '[\u00a9\u00ae\u203c-\u3299\U0001f000-\U0001faff\ufe0f]';
  base text;
  candidate text;
  n int;
BEGIN
  -- normalize() needs a UTF-8 database; no other can hold these characters.
  IF getdatabaseencoding() <> 'UTF8' THEN
    RETURN;
  END IF;
  FOR r IN
    SELECT id, name FROM "user"
    WHERE name ~ '[\x01-\x1f\x7f-\x9f\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]'
      OR name ~ '  '
      OR name <> btrim(name)
      OR name IS NOT NFC NORMALIZED
    ORDER BY created_at, id
  LOOP
    base := r.name;
    -- Joiners and emoji variation selectors not inside an emoji sequence.
    base := regexp_replace(base, '(?<!' || pictograph || ')\u200d|\u200d(?!' || pictograph || ')', '', 'g');
    base := regexp_replace(base, '(?<![\u00a9\u00ae\u203c-\u3299\U0001f000-\U0001faff#*0-9])[\ufe0e\ufe0f]', '', 'g');
    -- Tag characters spell a region's flag after the black flag; elsewhere they hide text.
    IF base !~ '\U0001f3f4' THEN
      base := regexp_replace(base, '[\U000e0000-\U000e0fff]', '', 'g');
    END IF;
    base := regexp_replace(base, '[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b\u200c\u200e\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0d\ufeff\uffa0\U0001bca0-\U0001bca3\U0001d173-\U0001d17a]', '', 'g');
    base := regexp_replace(base, '[\x01-\x1f\x7f-\x9f\u2028\u2029]', ' ', 'g');
    base := normalize(base, NFC);
    base := regexp_replace(base, '[ \u00a0\u1680\u2000-\u200a\u202f\u205f\u2800\u3000]+', ' ', 'g');
    base := btrim(left(btrim(base), 30));
    IF base = '' THEN
      base := 'survivor';
    END IF;
    candidate := base;
    n := 1;
    WHILE EXISTS (SELECT 1 FROM "user" WHERE lower(name) = lower(candidate) AND id <> r.id) LOOP
      n := n + 1;
      candidate := rtrim(left(base, 30 - length(n::text))) || n::text;
    END LOOP;
    IF candidate <> r.name THEN
      UPDATE "user" SET name = candidate, updated_at = now() WHERE id = r.id;
    END IF;
  END LOOP;
END $$;
