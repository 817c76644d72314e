-- Wiki search: keep the search document inside the row. With the default storage a page's
-- row passes 2 kB, the toaster moves the tsvector out of line, and every match costs a TOAST fetch
-- (a search for a word in a fifth of 100,000 pages took 2.3x longer). MAIN lets the long body and
-- body_text go out of line first; they are read only for the page shown and the excerpts.
ALTER TABLE "wiki_page" ALTER COLUMN "search_vector" SET STORAGE MAIN;
