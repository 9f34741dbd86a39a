#!/usr/bin/env python3
"""Compares weft with Perfetto's stored answers for the public corpus.

../shared/corpus/perfetto_answers/ holds what Perfetto's trace_processor
prints for each trace of ../shared/corpus/<folder>/ with summary.sql,
system.sql and cpu_samples.sql (see its README). This runs weft over every
trace that has an answer, with the same SQL, and compares value by value.

Every difference must be listed in accepted_differences.txt (next to this
file), one line each:

    <folder>/<file>  <column>  <perfetto value>  <weft value>  <reason>

(`*` for the trace: the same difference on any trace). A statement weft
cannot run counts as one difference: its columns joined by '+', Perfetto's
values by '/', weft's value "error"; a trace weft cannot load at all is the
column "load".

The test fails on a difference that is not listed, on a listed difference
that no longer occurs (or whose values changed: update the line), and when
the corpus is missing (a required check that cannot run fails).

Usage: test/corpus/perfetto_answers_test.py [--weft out/host/weft]
           [--shared ../shared] [--print-list] [-v]
--print-list prints the current differences in the list's format (to help
write the list; every reason must still be written by hand).
Ends with "N passed, M failed" (traces); exit code 0 only if M == 0.
"""

import argparse
import concurrent.futures
import csv
import io
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ACCEPTED = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'accepted_differences.txt')
QUERIES = ('summary', 'system', 'cpu_samples')
TIMEOUT_S = 120
LOAD = 'load'  # Pseudo column: whether weft loaded the trace at all.


def parse_blocks(text):
  """[{column: value}] for each one-row result in `weft -q` / Perfetto CSV."""
  blocks = []
  for block in text.strip().split('\n\n'):
    rows = list(csv.reader(io.StringIO(block.strip())))
    if len(rows) >= 2:
      blocks.append(dict(zip(rows[0], rows[1])))
  return blocks


def load_answers(answers_dir):
  """{trace relative path: {query: [{column: value}] per statement}}."""
  answers = {}
  for name in sorted(os.listdir(answers_dir)):
    for query in QUERIES:
      suffix = '.%s.csv' % query
      if not name.endswith(suffix):
        continue
      folder, _, file_name = name[:-len(suffix)].partition('--')
      with open(os.path.join(answers_dir, name)) as f:
        answers.setdefault('%s/%s' % (folder, file_name), {})[query] = parse_blocks(f.read())
  return answers


def load_accepted(path):
  """{(trace, column): (perfetto, weft, reason)}; errors for bad lines."""
  accepted, errors = {}, []
  with open(path) as f:
    for number, line in enumerate(f, 1):
      line = line.strip()
      if not line or line.startswith('#'):
        continue
      parts = line.split(None, 4)
      if len(parts) < 5:
        errors.append('%s:%d: needs trace, column, perfetto, weft and a reason' % (path, number))
        continue
      key = (parts[0], parts[1])
      if key in accepted:
        errors.append('%s:%d: %s %s listed twice' % (path, number, *key))
      accepted[key] = (parts[2], parts[3], parts[4])
  return accepted, errors


def run_weft(weft, trace, sql_text):
  """([{column: value}] per statement, None) or (None, weft's error)."""
  try:
    # Perfetto's slice table has no JS profile calls (docs/sync_tracks.md).
    result = subprocess.run([weft, '--no-profile-calls', '-q', '/dev/stdin', trace],
                            input=sql_text,
                            capture_output=True, text=True, timeout=TIMEOUT_S)
  except subprocess.TimeoutExpired:
    return None, 'timed out after %d s' % TIMEOUT_S
  if result.returncode != 0:
    lines = result.stderr.strip().splitlines()
    return None, lines[-1] if lines else 'exit %d' % result.returncode
  return parse_blocks(result.stdout), None


def run_query(weft, trace, sql_path):
  """[{column: value} or None (the statement failed)], [errors]: the whole
  file in one run, or statement by statement when that fails."""
  with open(sql_path) as f:
    statements = [st.strip() + ';' for st in f.read().split(';') if st.strip()]
  blocks, error = run_weft(weft, trace, '\n'.join(statements))
  if blocks is not None:
    return blocks, []
  blocks, errors = [], []
  for statement in statements:
    result, error = run_weft(weft, trace, statement)
    blocks.append(result[0] if result else None)
    if error:
      errors.append(error)
  return blocks, errors


def compare(answers, results):
  """[(column, perfetto, weft)] for every difference of one trace. A
  statement weft cannot run is one difference: its columns joined by '+',
  Perfetto's values by '/', and weft's value "error"; a trace weft cannot
  load at all is one difference (column "load")."""
  diffs, seen = [], set()
  failed = total = 0
  for query, expected_blocks in answers.items():
    blocks, _ = results[query]
    for i, expected in enumerate(expected_blocks):
      total += 1
      actual = blocks[i] if i < len(blocks) else None
      if actual is None:
        failed += 1
        key = '+'.join(expected)
        if key not in seen:
          seen.add(key)
          diffs.append((key, '/'.join(expected.values()), 'error'))
        continue
      for column, value in expected.items():
        if column in seen:
          continue  # system.sql repeats summary.sql's statements.
        seen.add(column)
        got = actual.get(column, 'missing')
        if got != value:
          diffs.append((column, value, got))
  if total and failed == total:
    return [(LOAD, 'ok', 'error')]
  return diffs


def main():
  parser = argparse.ArgumentParser()
  parser.add_argument('--weft', default=os.path.join(ROOT, 'out', 'host', 'weft'))
  parser.add_argument('--shared', default=os.path.join(os.path.dirname(ROOT), 'shared'))
  parser.add_argument('--print-list', action='store_true')
  parser.add_argument('-v', '--verbose', action='store_true',
                      help='with a failing trace, print the errors weft printed')
  args = parser.parse_args()

  corpus = os.path.join(args.shared, 'corpus')
  answers_dir = os.path.join(corpus, 'perfetto_answers')
  if not os.path.isdir(answers_dir):
    print('perfetto answers not found: %s' % answers_dir)
    print('0 passed, 1 failed')
    return 1
  if not os.access(args.weft, os.X_OK):
    print('weft not built: %s' % args.weft)
    print('0 passed, 1 failed')
    return 1

  answers = load_answers(answers_dir)
  accepted, errors = load_accepted(ACCEPTED)
  runs = {}
  with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
    for trace, queries in answers.items():
      path = os.path.join(corpus, trace)
      if not os.path.exists(path):
        continue
      for query in queries:
        sql = os.path.join(answers_dir, query + '.sql')
        runs[(trace, query)] = pool.submit(run_query, args.weft, path, sql)
  passed = failed = 0
  used = set()  # Lines of the list that matched a difference.
  for trace in sorted(answers):
    problems = []
    if not os.path.exists(os.path.join(corpus, trace)):
      problems.append('trace file missing from the corpus')
      diffs = []
    else:
      results = {query: runs[(trace, query)].result() for query in answers[trace]}
      diffs = compare(answers[trace], results)
      if diffs and args.verbose:
        errors_seen = sorted({e for _, errs in results.values() for e in errs})
        problems.extend('weft said: ' + e for e in errors_seen)
    seen = set()
    for column, perfetto, weft in diffs:
      seen.add(column)
      if args.print_list:
        print('%-48s %-20s %-12s %-12s TODO' % (trace, column, perfetto, weft))
      # A line for this trace, else a line for every trace ("*").
      key = (trace, column) if (trace, column) in accepted else ('*', column)
      listed = accepted.get(key)
      if listed is None or (key[0] == '*' and listed[:2] != (perfetto, weft)):
        problems.append('%s: perfetto %s, weft %s (not in %s)' %
                        (column, perfetto, weft, os.path.basename(ACCEPTED)))
      elif listed[:2] != (perfetto, weft):
        problems.append('%s: perfetto %s, weft %s, but the list says %s, %s' %
                        (column, perfetto, weft, *listed[:2]))
      else:
        used.add(key)
    for (listed_trace, column), (perfetto, weft, _) in sorted(accepted.items()):
      if listed_trace == trace and column not in seen:
        problems.append('%s: listed as perfetto %s, weft %s, but weft now matches: '
                        'remove the line' % (column, perfetto, weft))
    if problems:
      failed += 1
      print('FAIL %s' % trace)
      for p in problems:
        print('  ' + p)
    else:
      passed += 1
  for key in sorted(accepted):
    if key[0] != '*' and key[0] not in answers:
      errors.append('listed trace has no answer: %s (%s)' % key)
    elif key[0] == '*' and key not in used:
      errors.append('listed difference occurs nowhere now: * %s: remove the line' % key[1])
  print('%d passed, %d failed' % (passed, failed))
  return 0 if failed == 0 else 1


if __name__ == '__main__':
  sys.exit(main())
