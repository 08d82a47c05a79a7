"""The printed components, each laid out as pages of `backend.layout` shapes:
map sheet and board drawing, cards, rules booklet and its figures, guide, aids."""
