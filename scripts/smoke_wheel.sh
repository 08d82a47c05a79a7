#!/usr/bin/env bash
# What a player gets: build a wheel of this checkout, install it into a fresh
# virtual environment outside the checkout, and from an empty folder run the
# first commands a player types. Fails (exit 1) on the first surprise.
#
#     bash scripts/smoke_wheel.sh        # needs python3 with venv; pip may use PyPI
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PY="${PYTHON:-python3}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/throne-smoke.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
# The installed program must not see the checkout or the caller's settings.
unset PYTHONPATH THRONE_CONTENT THRONE_GAME
export XDG_CACHE_HOME="$WORK/cache"

fail() { echo "smoke: FAIL: $*" >&2; exit 1; }
ok() { echo "smoke: ok: $*"; }

# 1. A wheel from a clean copy of the sources (a stale build/ folder could
#    otherwise slip old files in): tracked and new files, not ignored ones.
mkdir "$WORK/src"
if git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    (cd "$ROOT" && git ls-files -z --cached --others --exclude-standard \
        | xargs -0 -I{} sh -c 'test -e "{}" && printf "%s\0" "{}"' \
        | tar --null -T - -cf -) | tar -xf - -C "$WORK/src"
else
    cp -r "$ROOT/." "$WORK/src"
    rm -rf "$WORK/src/build" "$WORK/src/.venv-ci"
fi
"$PY" -m venv "$WORK/venv"
PIP=("$WORK/venv/bin/python" -m pip --quiet --disable-pip-version-check)
"${PIP[@]}" wheel --no-deps -w "$WORK/dist" "$WORK/src" >/dev/null
WHEEL="$(ls "$WORK"/dist/throne_pnp-*.whl)"
"$WORK/venv/bin/python" -m zipfile -l "$WHEEL" > "$WORK/wheel.txt"
for name in map.yaml cards.yaml rulings.yaml rules.txt; do
    grep -q "throne_pnp/edition/$name" "$WORK/wheel.txt" \
        || fail "the wheel lacks throne_pnp/edition/$name"
done
# ... and every data file beside the code (the table page's templates, styles).
(cd "$WORK/src" && find throne_pnp -type f ! -name '*.py' ! -path '*__pycache__*') \
    > "$WORK/data-files.txt"
while read -r data; do
    grep -qF "$data" "$WORK/wheel.txt" || fail "the wheel lacks $data"
done < "$WORK/data-files.txt"
ok "built $(basename "$WHEEL") with the edition and $(wc -l < "$WORK/data-files.txt") data files inside"

# 2. Installed into the fresh environment (not editable), used from an empty folder.
"${PIP[@]}" install "$WHEEL"
THRONE="$WORK/venv/bin/throne"
SITE="$("$WORK/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
listing() { (cd "$SITE/throne_pnp" && find . -path '*/__pycache__' -prune -o -print | sort); }
listing > "$WORK/package-before"
mkdir "$WORK/table"
cd "$WORK/table"

version="$("$WORK/venv/bin/python" -c 'import throne_pnp; print(throne_pnp.__version__)')"
[ "$("$THRONE" --version)" = "throne, version $version" ] || fail "throne --version"
ok "throne --version: $version"
"$THRONE" --help > help.txt || fail "throne --help"
grep -q "^  init " help.txt && grep -q "^  resolve " help.txt || fail "throne --help lists no commands"
ok "throne --help: $(grep -cE '^  [a-z]+ {2,}[A-Z]' help.txt) commands, without the optional extras"

"$THRONE" validate > validate.txt || fail "throne validate"
head -1 validate.txt | grep -qF "Edition: $SITE/throne_pnp/edition (the bundled edition" \
    || fail "validate's first line: $(head -1 validate.txt)"
ok "validate: $(tail -1 validate.txt)"

"$THRONE" build > build.txt || fail "throne build"
head -1 build.txt | grep -qF "(the bundled edition" || fail "build's first line"
for f in output/a4/map.pdf output/a4/cards.pdf output/a4/rules.pdf output/letter/map.pdf \
         output/svg/map.svg; do
    [ -s "$f" ] || fail "throne build did not write $f"
done
ok "build: $(tail -1 build.txt)"

"$THRONE" new --seed 1 > /dev/null || fail "throne new"
"$THRONE" status --json > status.json || fail "throne status --json"
"$WORK/venv/bin/python" - status.json <<'PY' || fail "status --json"
import json, sys
data = json.load(open(sys.argv[1]))
assert data["phase"] == "player-card" and data["step"] == "card" and data["turn"] == 1, data
assert data["position"]["player"] == {"1": 2}, data["position"]
assert len(data["hand"]) == 5 and data["outcome"] is None
PY
ok "new + status --json: a game in throne-game.json"

"$THRONE" init > init.txt || fail "throne init"
grep -q '^# An editable copy' content/map.yaml || fail "init wrote no header"
sed -i 's/^name: Kingdom of Prydon$/name: Kingdom of Smoke/' content/map.yaml
grep -q '^name: Kingdom of Smoke$' content/map.yaml || fail "the edit did not apply"
"$THRONE" build --format svg > build2.txt || fail "build after init"
head -1 build2.txt | grep -qF "./content in the current folder" || fail "build used $(head -1 build2.txt)"
grep -q "Kingdom of Smoke" output/svg/map.svg || fail "the edit does not show in the map"
ok "init + edit + build: the edit shows in output/svg/map.svg"

cp content/map.yaml "$WORK/map-before"
status=0; "$THRONE" init > init2.txt 2>&1 || status=$?
[ "$status" = 2 ] || fail "a second init exited $status, not 2"
grep -qF "content/map.yaml already exists" init2.txt || fail "refusal: $(cat init2.txt)"
cmp -s content/map.yaml "$WORK/map-before" || fail "the refused init changed map.yaml"
ok "second init refused: $(tail -1 init2.txt)"

# 3. The Tabletop Simulator export: refused in one line without the [png] extra,
#    then written in a few seconds once the extra is installed.
status=0; "$THRONE" build --format tts > tts0.txt 2>&1 || status=$?
[ "$status" = 2 ] && grep -qF 'pip install "throne_pnp[png]"' tts0.txt \
    || fail "tts without the extra: exit $status, $(cat tts0.txt)"
"${PIP[@]}" install "$WHEEL[png]"
start=$(date +%s.%N)
"$THRONE" build --format tts > tts.txt || fail "throne build --format tts"
took=$(echo "$(date +%s.%N) - $start" | bc)
for f in "output/tts/A Rusty Throne.json" output/tts/cards-normal.png output/tts/map.png; do
    [ -s "$f" ] || fail "throne build --format tts did not write $f"
done
"$WORK/venv/bin/python" - "output/tts/A Rusty Throne.json" <<'PY' || fail "the TTS save"
import json, sys
from pathlib import Path
from urllib.parse import unquote, urlsplit
save = json.load(open(sys.argv[1], encoding="utf-8"))
names = [o["Name"] for o in save["ObjectStates"]]
assert names.count("DeckCustom") == 2 and names.count("BlockSquare") == 20, names
for deck in (o for o in save["ObjectStates"] if o["Name"] == "DeckCustom"):
    for sheet in deck["CustomDeck"].values():
        assert Path(unquote(urlsplit(sheet["FaceURL"]).path)).is_file(), sheet
PY
ok "build --format tts (with the [png] extra): $(tail -1 tts.txt), ${took} s wall"

listing > "$WORK/package-after"
diff "$WORK/package-before" "$WORK/package-after" >/dev/null \
    || fail "files were written inside the installed package"
[ ! -e "$XDG_CACHE_HOME/throne_pnp" ] \
    || fail "something was kept in XDG_CACHE_HOME (no command keeps a cache)"
ok "nothing written inside the package, nothing kept in XDG_CACHE_HOME"
echo "smoke: all ok"
