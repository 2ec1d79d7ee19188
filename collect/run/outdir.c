/* collect/run/outdir.c: see outdir.h. */
#include "collect/run/outdir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "collect/run/leftover.h"
#include "collect/run/runjson.h"
#include "core/fsutil.h"
#include "core/sweeplog.h"

struct outdir {
	char *root;
	int lock_fd;
};

int outdir_open(const char *path, struct outdir **out, struct err *e)
{
	struct outdir *od = NULL;
	char lock[4096], pidtxt[32];
	int rc = -1;

	*out = NULL;
	if (fs_mkdirs(path, e) < 0)
		return -1;
	od = calloc(1, sizeof(*od));
	if (od == NULL || (od->root = strdup(path)) == NULL) {
		err_set(e, "%s: out of memory", path);
		goto out;
	}
	od->lock_fd = -1;
	if (outdir_path(od, ".lock", lock, sizeof(lock), e) < 0)
		goto out;
	od->lock_fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (od->lock_fd < 0) {
		err_set(e, "%s: cannot open: %s", lock, strerror(errno));
		goto out;
	}
	if (flock(od->lock_fd, LOCK_EX | LOCK_NB) < 0) {
		if (errno == EWOULDBLOCK) {
			ssize_t n = pread(od->lock_fd, pidtxt, sizeof(pidtxt) - 1, 0);
			pidtxt[n > 0 ? n : 0] = '\0';
			pidtxt[strcspn(pidtxt, "\n")] = '\0';
			err_set(e,
				"%s is in use by another collector (pid %s); wait for it to "
				"finish or use another -o",
				path, pidtxt[0] ? pidtxt : "unknown");
			rc = OUTDIR_LOCKED;
		} else {
			err_set(e, "%s: cannot lock: %s", lock, strerror(errno));
		}
		goto out;
	}
	snprintf(pidtxt, sizeof(pidtxt), "%ld\n", (long)getpid());
	if (ftruncate(od->lock_fd, 0) < 0 || pwrite(od->lock_fd, pidtxt, strlen(pidtxt), 0) < 0) {
		err_set(e, "%s: cannot write: %s", lock, strerror(errno));
		goto out;
	}
	sweeplog_remove_temps(path); /* a collector killed while writing it left one */
	*out = od;
	od = NULL;
	rc = 0;
out:
	outdir_free(od);
	return rc;
}

void outdir_free(struct outdir *od)
{
	if (od == NULL)
		return;
	if (od->lock_fd >= 0)
		close(od->lock_fd);
	free(od->root);
	free(od);
}

int outdir_lock_fd(const struct outdir *od)
{
	return od->lock_fd;
}

int outdir_path(const struct outdir *od, const char *rel, char *buf, size_t n, struct err *e)
{
	int l = snprintf(buf, n, "%s/%s", od->root, rel);

	if (l < 0 || (size_t)l >= n)
		return err_set(e, "%s/%s: path too long", od->root, rel);
	return 0;
}

enum run_dir_state outdir_run_state(const struct outdir *od, const char *id)
{
	char path[4096];
	struct stat st;
	struct runjson_status rs;

	if (outdir_path(od, id, path, sizeof(path), NULL) < 0 || stat(path, &st) < 0)
		return RUN_ABSENT;
	/* run.json is renamed into place whole: unreadable means not written yet */
	if (runjson_read_status(path, &rs, NULL) < 0)
		return RUN_INCOMPLETE;
	return rs.interrupted || rs.budget ? RUN_INTERRUPTED : RUN_COMPLETE;
}

static int clear_dir(const char *dir, struct err *e)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char path[4096];
	int rc = 0;

	if (d == NULL)
		return err_set(e, "%s: cannot read: %s", dir, strerror(errno));
	while ((de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		if (snprintf(path, sizeof(path), "%s/%s", dir, de->d_name) >= (int)sizeof(path)) {
			rc = err_set(e, "%s/%s: path too long", dir, de->d_name);
			break;
		}
		/* d_type is DT_UNKNOWN on some filesystems: then ask lstat (a symbolic link
		 * is unlinked, never followed) */
		int is_dir = de->d_type == DT_DIR;
		if (de->d_type == DT_UNKNOWN) {
			struct stat st;
			is_dir = lstat(path, &st) == 0 && S_ISDIR(st.st_mode);
		}
		if (is_dir) {
			if (clear_dir(path, e) < 0 || rmdir(path) < 0) {
				rc = err_set(e, "%s: cannot remove: %s", path, strerror(errno));
				break;
			}
		} else if (unlink(path) < 0) {
			rc = err_set(e, "%s: cannot remove: %s", path, strerror(errno));
			break;
		}
	}
	closedir(d);
	return rc;
}

int outdir_prepare_run(const struct outdir *od, const char *id, char *buf, size_t n, struct err *e)
{
	if (outdir_path(od, id, buf, n, e) < 0 || fs_mkdirs(buf, e) < 0)
		return -1;
	return clear_dir(buf, e);
}

void outdir_remove_temps(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char path[4096];

	if (d == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] != '.' || strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0)
			continue;
		if (strstr(de->d_name, ".tmp.") == NULL && strcmp(de->d_name, ".state.json") != 0 &&
		    strcmp(de->d_name, LEFTOVER_PREFIX_FILE) != 0 &&
		    strcmp(de->d_name, LEFTOVER_SUBJECT_FILE) != 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		unlink(path);
	}
	closedir(d);
}

int outdir_copy_file(const char *src, const char *dst, struct err *e)
{
	size_t len;
	char *buf = fs_read_file(src, 0, &len, e);
	int rc;

	if (buf == NULL)
		return -1;
	rc = fs_write_file(dst, buf, len, e);
	free(buf);
	return rc;
}
