/* core/fsutil.c: see fsutil.h. */
#include "core/fsutil.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int fs_mkdirs(const char *path, struct err *e)
{
	char buf[PATH_MAX];
	size_t len = strlen(path);
	struct stat st;

	if (len == 0 || len >= sizeof(buf))
		return err_set(e, "%s: bad directory path", path);
	memcpy(buf, path, len + 1);
	for (char *p = buf + 1;; p++) {
		if (*p == '/' || *p == '\0') {
			char c = *p;

			*p = '\0';
			if (mkdir(buf, 0777) < 0 && errno != EEXIST)
				return err_set(e, "%s: cannot create: %s", buf, strerror(errno));
			*p = c;
			if (c == '\0')
				break;
		}
	}
	if (stat(path, &st) < 0 || !S_ISDIR(st.st_mode))
		return err_set(e, "%s: not a directory", path);
	return 0;
}

char *fs_read_file(const char *path, size_t max, size_t *len, struct err *e)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL, *nb;
	size_t n = 0, cap = 0, got;
	int ok = 0;

	if (len != NULL)
		*len = 0;
	if (f == NULL) {
		err_set(e, "%s: cannot open: %s", path, strerror(errno));
		return NULL;
	}
	do {
		if (cap - n < 4096 + 1) { /* room for a read and the NUL */
			size_t c = cap ? cap * 2 : 65536;

			if ((nb = realloc(buf, c)) == NULL) {
				err_set(e, "%s: out of memory", path);
				goto done;
			}
			buf = nb;
			cap = c;
		}
		got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
		if (max > 0 && n > max) {
			err_set(e, "%s: larger than %zu bytes", path, max);
			goto done;
		}
	} while (got > 0);
	if (ferror(f)) {
		err_set(e, "%s: cannot read: %s", path, strerror(errno));
		goto done;
	}
	buf[n] = '\0';
	if (len != NULL)
		*len = n;
	ok = 1;
done:
	fclose(f);
	if (!ok) {
		free(buf);
		buf = NULL;
	}
	return buf;
}

int fs_atomic_open(struct fs_atomic *a, const char *path, struct err *e)
{
	const char *slash = strrchr(path, '/');
	int dirlen = slash ? (int)(slash - path + 1) : 0;

	a->fd = -1;
	a->f = NULL;
	a->tmp[0] = '\0';
	if ((size_t)snprintf(a->path, sizeof(a->path), "%s", path) >= sizeof(a->path) ||
	    (size_t)snprintf(a->tmp, sizeof(a->tmp), "%.*s.%s.tmp.%ld", dirlen, path,
			     slash ? slash + 1 : path, (long)getpid()) >= sizeof(a->tmp)) {
		a->tmp[0] = '\0';
		return err_set(e, "%s: path too long", path);
	}
	a->fd = open(a->tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	if (a->fd < 0) {
		err_set(e, "%s: cannot create: %s", a->tmp, strerror(errno));
		a->tmp[0] = '\0';
		return -1;
	}
	return 0;
}

FILE *fs_atomic_fopen(struct fs_atomic *a, const char *path, struct err *e)
{
	if (fs_atomic_open(a, path, e) < 0)
		return NULL;
	a->f = fdopen(a->fd, "w");
	if (a->f == NULL) {
		err_set(e, "%s: %s", a->tmp, strerror(errno));
		fs_atomic_abort(a);
	}
	return a->f;
}

/* sync_dir: fsync the directory holding path, so that a rename into it is durable
 * (best effort: some file systems refuse to fsync a directory). */
static void sync_dir(const char *path)
{
	const char *slash = strrchr(path, '/');
	char dir[PATH_MAX];
	int fd;

	if (slash == NULL)
		snprintf(dir, sizeof(dir), ".");
	else if (slash == path)
		snprintf(dir, sizeof(dir), "/");
	else
		snprintf(dir, sizeof(dir), "%.*s", (int)(slash - path), path);
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
}

int fs_atomic_commit(struct fs_atomic *a, struct err *e)
{
	int closed;

	if (a->fd < 0)
		return err_set(e, "%s: atomic write not open", a->path);
	if (a->f != NULL && (fflush(a->f) != 0 || ferror(a->f))) {
		err_set(e, "%s: cannot write: %s", a->tmp, strerror(errno));
		goto fail;
	}
	if (fsync(a->fd) != 0) {
		err_set(e, "%s: fsync: %s", a->tmp, strerror(errno));
		goto fail;
	}
	closed = a->f != NULL ? fclose(a->f) : close(a->fd);
	a->f = NULL;
	a->fd = -1;
	if (closed != 0) {
		err_set(e, "%s: close: %s", a->tmp, strerror(errno));
		goto fail;
	}
	if (rename(a->tmp, a->path) != 0) {
		err_set(e, "%s: cannot rename to %s: %s", a->tmp, a->path, strerror(errno));
		goto fail;
	}
	a->tmp[0] = '\0';
	sync_dir(a->path);
	return 0;
fail:
	fs_atomic_abort(a);
	return -1;
}

void fs_atomic_abort(struct fs_atomic *a)
{
	if (a->f != NULL)
		fclose(a->f);
	else if (a->fd >= 0)
		close(a->fd);
	a->f = NULL;
	a->fd = -1;
	if (a->tmp[0] != '\0')
		unlink(a->tmp);
	a->tmp[0] = '\0';
}

int fs_write_all(int fd, const void *buf, size_t n, const char *name, struct err *e)
{
	const char *p = buf;

	while (n > 0) {
		ssize_t k = write(fd, p, n);

		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			return err_set(e, "%s: cannot write: %s", name, strerror(errno));
		p += k;
		n -= (size_t)k;
	}
	return 0;
}

int fs_write_file(const char *path, const void *data, size_t len, struct err *e)
{
	struct fs_atomic a;

	if (fs_atomic_open(&a, path, e) < 0)
		return -1;
	if (fs_write_all(a.fd, data, len, a.tmp, e) < 0) {
		fs_atomic_abort(&a);
		return -1;
	}
	return fs_atomic_commit(&a, e);
}

/* stage_names: the names of the entries of dir but "." and "..", in *names (*n of them,
 * the caller frees each and the array). -1 with errno set when dir cannot be read or
 * memory runs out. */
static int stage_names(const char *dir, char ***names, size_t *n)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char **v = NULL, **nv;
	size_t k = 0;
	int rc = -1;

	if (d == NULL)
		return -1;
	while ((de = readdir(d)) != NULL) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if ((nv = realloc(v, (k + 1) * sizeof(*v))) == NULL)
			goto done;
		v = nv;
		if ((v[k] = strdup(de->d_name)) == NULL)
			goto done;
		k++;
	}
	rc = 0;
done:
	closedir(d);
	if (rc < 0) {
		while (k > 0)
			free(v[--k]);
		free(v);
		errno = ENOMEM;
		return -1;
	}
	*names = v;
	*n = k;
	return 0;
}

static void free_names(char **names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

int fs_stage_open(struct fs_stage *s, const char *dir, struct err *e)
{
	s->tmp[0] = '\0';
	if ((size_t)snprintf(s->dir, sizeof(s->dir), "%s", dir) >= sizeof(s->dir) ||
	    (size_t)snprintf(s->tmp, sizeof(s->tmp), "%s/.new.%ld", dir, (long)getpid()) >=
		    sizeof(s->tmp)) {
		s->tmp[0] = '\0';
		return err_set(e, "%s: path too long", dir);
	}
	if (fs_mkdirs(dir, e) < 0) {
		s->tmp[0] = '\0';
		return -1;
	}
	fs_stage_abort(s); /* one a killed process of the same pid left */
	snprintf(s->tmp, sizeof(s->tmp), "%s/.new.%ld", dir, (long)getpid());
	if (mkdir(s->tmp, 0777) < 0) {
		err_set(e, "%s: cannot create: %s", s->tmp, strerror(errno));
		s->tmp[0] = '\0';
		return -1;
	}
	return 0;
}

/* stage_move: rename s->tmp/name to s->dir/name. 0, or -1 with e set. */
static int stage_move(const struct fs_stage *s, const char *name, struct err *e)
{
	char from[PATH_MAX * 2], to[PATH_MAX * 2];

	snprintf(from, sizeof(from), "%s/%s", s->tmp, name);
	snprintf(to, sizeof(to), "%s/%s", s->dir, name);
	if (rename(from, to) != 0)
		return err_set(e, "%s: cannot rename to %s: %s", from, to, strerror(errno));
	return 0;
}

int fs_stage_commit(struct fs_stage *s, const char *last, const char *const *gone, struct err *e)
{
	char **names = NULL, path[PATH_MAX * 2];
	size_t n = 0;
	int has_last = 0, rc = -1;

	if (s->tmp[0] == '\0')
		return err_set(e, "%s: no files staged", s->dir);
	if (stage_names(s->tmp, &names, &n) < 0) {
		err_set(e, "%s: cannot read: %s", s->tmp, strerror(errno));
		goto done;
	}
	for (size_t i = 0; i < n; i++) {
		if (last != NULL && !strcmp(names[i], last))
			has_last = 1;
		else if (stage_move(s, names[i], e) < 0)
			goto done;
	}
	if (has_last && stage_move(s, last, e) < 0)
		goto done;
	for (size_t g = 0; gone != NULL && gone[g] != NULL; g++) {
		size_t i = 0;

		while (i < n && strcmp(names[i], gone[g]) != 0)
			i++;
		snprintf(path, sizeof(path), "%s/%s", s->dir, gone[g]);
		if (i == n && unlink(path) != 0 && errno != ENOENT) {
			err_set(e, "%s: cannot remove: %s", path, strerror(errno));
			goto done;
		}
	}
	rc = 0;
	snprintf(path, sizeof(path), "%s/.", s->dir);
	sync_dir(path);
done:
	free_names(names, n);
	fs_stage_abort(s);
	return rc;
}

void fs_stage_abort(struct fs_stage *s)
{
	char **names = NULL, path[PATH_MAX * 2];
	size_t n = 0;

	if (s->tmp[0] == '\0')
		return;
	if (stage_names(s->tmp, &names, &n) == 0) {
		for (size_t i = 0; i < n; i++) {
			snprintf(path, sizeof(path), "%s/%s", s->tmp, names[i]);
			unlink(path);
		}
		free_names(names, n);
	}
	rmdir(s->tmp);
	s->tmp[0] = '\0';
}
