-- docs/man/campaign.lua: pandoc filter that makes s3bench-campaign(5) from docs/CAMPAIGN.md
-- (make man). The document's title becomes the NAME section, each level of heading moves
-- one up (## -> .SH, ### -> .SS), and each table becomes a definition list (its first
-- column the term, then "header: cell" for each other column), so the page needs no tbl
-- preprocessor: `groff -ww -man` renders it as it is.

local function table_to_deflist(tbl)
  local s = pandoc.utils.to_simple_table(tbl)
  local items = {}
  for _, row in ipairs(s.rows) do
    local term = pandoc.utils.blocks_to_inlines(row[1])
    local para = {}
    for i = 2, #row do
      local head = pandoc.utils.stringify(s.headers[i] or {})
      local inl = pandoc.utils.blocks_to_inlines(row[i])
      if #inl > 0 then
        if #para > 0 then table.insert(para, pandoc.Space()) end
        if head ~= '' then
          table.insert(para, pandoc.Emph({pandoc.Str(head .. ':')}))
          table.insert(para, pandoc.Space())
        end
        for _, x in ipairs(inl) do table.insert(para, x) end
      end
    end
    table.insert(items, {term, {pandoc.Para(para)}})
  end
  return pandoc.DefinitionList(items)
end

local titled = false

return {
  {
    Table = table_to_deflist,
    Header = function(h)
      if h.level == 1 and not titled then
        titled = true
        return {
          pandoc.Header(1, {pandoc.Str('NAME')}),
          pandoc.Para({pandoc.Str('s3bench-campaign'), pandoc.Space(), pandoc.Str('-'),
                       pandoc.Space(), pandoc.Str('campaign files (INI) of s3bench')}),
          pandoc.Header(1, {pandoc.Str('DESCRIPTION')}),
          pandoc.Para({pandoc.Str(
            'What follows is docs/CAMPAIGN.md of the s3bench source. bin/collect is the ' ..
            'checkout\'s name of s3bench-collect(1); paths such as data/campaigns/ are ' ..
            'relative to a checkout (make install puts example.ini under ' ..
            'share/s3bench/campaigns/ of its prefix).')}),
        }
      end
      h.level = math.max(1, h.level - 1)
      return h
    end,
  },
}
