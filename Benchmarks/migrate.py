#!/usr/bin/env python3
"""A laptop's records moved to a school's PostgreSQL server: `qrquiz data migrate
--from-sqlite FILE --to URL` against pgloader (Debian's `pgloader`, the usual tool for
moving SQLite into PostgreSQL) on the same file, into an empty database each time, in the
same run, alternating; medians of --runs and their ratio. Then the way back (`--from URL
--to-sqlite FILE`), which pgloader does not do, timed alone.

  scripts/with-postgresql python3 Benchmarks/migrate.py [--rows 25000] [--runs 3] [--qrquiz PATH]

The file is a data folder the program made (a class of two by `qrquiz class new`) with
rows added by sqlite3: --rows live moves of one game and a quarter as many study reviews,
as a year of a teacher's games would hold. qrquiz's copy is checked (every table's rows
counted in both, in its transaction) and pgloader's counted after it, so neither is timed
doing less than the other. Needs the cluster `scripts/with-postgresql` starts
(QRQUIZ_TEST_POSTGRESQL) and `scripts/install-deps --benchmarks` (pgloader)."""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from measure import measured  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def default_qrquiz():
    for build in ("release", "debug"):
        path = os.path.join(ROOT, ".build", build, "qrquiz")
        if os.path.exists(path):
            return path
    sys.exit("migrate.py: no qrquiz built (swift build -c release --product qrquiz)")


def make_records(qrquiz, home, rows):
    """A data folder made by qrquiz, with `rows` live moves and rows/4 reviews added."""
    environment = dict(os.environ, XDG_DATA_HOME=os.path.join(home, "data"))
    subprocess.run([qrquiz, "class", "new", "7B", "--students", "-"], input="Ada\nBob\n", text=True,
                   env=environment, check=True, stdout=subprocess.DEVNULL)
    records = os.path.join(home, "data", "qrquiz", "records.sqlite")
    subprocess.run(["sqlite3", records], check=True, text=True, input=f"""
        INSERT INTO live_games (pin, title, setup, created) VALUES ('111111', 'Capitals', '{{}}', 1);
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {rows})
        INSERT INTO live_moves SELECT 1, i, i * 1000,
          '{{"answered":{{"player":' || (i % 1000) || ',"question":' || (i % 30) || ',"picks":[1]}}}}' FROM n;
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {rows // 4})
        INSERT INTO study_reviews (learner, topic, card, at, rating)
          SELECT 'profile:ada', 'Capitals', 'card ' || (i % 300), i, i % 4 + 1 FROM n;
        VACUUM;""")
    return records


class Cluster:
    """Databases made and dropped on the throwaway cluster, with each tool's form of the URL."""

    def __init__(self, url):
        self.url = url
        parts = urllib.parse.urlsplit(url)
        query = urllib.parse.parse_qs(parts.query)
        self.socket_folder = query["host"][0]
        self.port = query.get("port", ["5432"])[0]
        self.user = parts.username or "postgres"
        self.count = 0

    def new_database(self):
        self.count += 1
        name = f"migrate_{os.getpid()}_{self.count}"
        self.psql(f"CREATE DATABASE {name}")
        return name

    def drop(self, name):
        self.psql(f"DROP DATABASE {name}")

    def psql(self, sql, database="postgres"):
        return subprocess.run(["psql", "-qAtX", "-v", "ON_ERROR_STOP=1", self.libpq_url(database), "-c", sql],
                              check=True, capture_output=True, text=True).stdout.strip()

    def libpq_url(self, database):
        return f"postgresql://{self.user}@/{database}?host={self.socket_folder}&port={self.port}"

    def pgloader_url(self, database):
        return f"pgsql://{self.user}@unix:{self.socket_folder}:{self.port}/{database}"


def rows_in(cluster, database, tables):
    return sum(int(cluster.psql(f'SELECT count(*) FROM "{table}"', database)) for table in tables)


def checked(result, what):
    if result["status"] != 0:
        sys.exit(f"migrate.py: {what} failed ({result['status']}): {result['stderr'].strip()[-400:]}")
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=25_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--qrquiz", default=None)
    arguments = parser.parse_args()
    url = os.environ.get("QRQUIZ_TEST_POSTGRESQL")
    if not url:
        sys.exit("migrate.py: run it as scripts/with-postgresql python3 Benchmarks/migrate.py")
    if not shutil.which("pgloader"):
        sys.exit("migrate.py: pgloader is missing (scripts/install-deps --benchmarks)")
    qrquiz = arguments.qrquiz or default_qrquiz()
    cluster = Cluster(url)
    home = tempfile.mkdtemp(prefix="qrquiz-migrate-")
    try:
        records = make_records(qrquiz, home, arguments.rows)
        tables = subprocess.run(["sqlite3", records, "SELECT name FROM sqlite_master WHERE type = 'table' "
                                 "AND name NOT LIKE 'sqlite_%'"], check=True, capture_output=True,
                                text=True).stdout.split()
        expected = sum(int(subprocess.run(["sqlite3", records, f'SELECT count(*) FROM "{table}"'], check=True,
                                          capture_output=True, text=True).stdout) for table in tables)
        print(f"{expected:,} rows in {len(tables)} tables, {os.path.getsize(records) / 1e6:.1f} MB file; "
              f"qrquiz: {os.path.relpath(qrquiz, ROOT)}")
        ours, theirs, back = [], [], []
        for run in range(arguments.runs):
            database = cluster.new_database()
            result = checked(measured([qrquiz, "data", "migrate", "--from-sqlite", records, "--to",
                                       cluster.libpq_url(database)]), "qrquiz data migrate")
            ours.append(result["seconds"])
            copy = os.path.join(home, f"back-{run}.sqlite")
            back.append(checked(measured([qrquiz, "data", "migrate", "--from", cluster.libpq_url(database),
                                          "--to-sqlite", copy]), "qrquiz data migrate back")["seconds"])
            cluster.drop(database)
            database = cluster.new_database()
            result = checked(measured(["pgloader", "--quiet", records, cluster.pgloader_url(database)]), "pgloader")
            theirs.append(result["seconds"])
            copied = rows_in(cluster, database, tables)
            if copied != expected:
                sys.exit(f"migrate.py: pgloader copied {copied} rows of {expected}")
            cluster.drop(database)
        median_ours, median_theirs = statistics.median(ours), statistics.median(theirs)
        print(f"there: qrquiz {median_ours:.2f} s, pgloader {median_theirs:.2f} s: "
              f"{median_ours / median_theirs:.2f}x (medians of {arguments.runs})")
        print(f"back:  qrquiz {statistics.median(back):.2f} s (pgloader does not write SQLite)")
    finally:
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
