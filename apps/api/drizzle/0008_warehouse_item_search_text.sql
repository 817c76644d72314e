-- Items are now searched by their own text (tag, serial) and by their product through product.search_text
-- (see apps/api/src/modules/warehouse/patrimony/search.ts): the product words leave the item's text.
UPDATE "patrimony" SET "search_text" = lower(unaccent(concat_ws(' ', "tag", "serial")));
