/* tests/unit/test_clientid.c: clientid_of_process gives 8 characters of [0-9A-Za-z],
 * the same on every call in one process, another in a child process, and refuses a
 * buffer too small. */
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/unit/check.h"
#include "collect/run/clientid.h"

int main(void)
{
	char a[CLIENT_ID_LEN + 1], b[CLIENT_ID_LEN + 1], c[CLIENT_ID_LEN + 1] = "";
	int fd[2], st;
	pid_t pid;

	CHECK(clientid_of_process(a, sizeof(a)) == 0, "id");
	CHECK(strlen(a) == CLIENT_ID_LEN &&
		      strspn(a, "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
				"abcdefghijklmnopqrstuvwxyz") == CLIENT_ID_LEN,
	      "8 characters of [0-9A-Za-z]: '%s'", a);
	CHECK(clientid_of_process(b, sizeof(b)) == 0 && strcmp(a, b) == 0,
	      "the same id again in this process: %s %s", a, b);
	CHECK(clientid_of_process(b, CLIENT_ID_LEN) == -1, "buffer too small refused");
	if (pipe(fd) == 0 && (pid = fork()) >= 0) {
		if (pid == 0) {
			char id[CLIENT_ID_LEN + 1];

			clientid_of_process(id, sizeof(id));
			_exit(write(fd[1], id, CLIENT_ID_LEN) == CLIENT_ID_LEN ? 0 : 1);
		}
		close(fd[1]);
		CHECK(read(fd[0], c, CLIENT_ID_LEN) == CLIENT_ID_LEN, "child's id read");
		close(fd[0]);
		waitpid(pid, &st, 0);
		CHECK(strcmp(a, c) != 0, "another process, another id: %s %s", a, c);
	}
	return check_done();
}
