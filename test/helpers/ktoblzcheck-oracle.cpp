// The tests' independent judge of German accounts: ktoblzcheck's own implementation of the
// Bundesbank methods (libktoblzcheck, Debian's libktoblzcheck1-dev), asked with an explicit
// method so that any account can be checked under any method it knows.
// Reads "METHOD BANK ACCOUNT" lines; writes one verdict per line:
// 0 passes, 1 method unknown to ktoblzcheck, 2 fails, 3 bank unknown, 4 not asked: an input on
// which ktoblzcheck 1.53 crashes (method 87 with positions 4-10 all zero and position 3 not 9:
// its loop that skips zeros runs past the account).
#include <ktoblzcheck.h>
#include <iostream>
#include <sstream>
#include <string>

static bool crashes(const std::string& method, const std::string& account) {
  if (method != "87") return false;
  std::string padded = std::string(account.size() < 10 ? 10 - account.size() : 0, '0') + account;
  if (padded.size() != 10 || padded[2] == '9') return false;
  return padded.find_first_not_of('0', 3) == std::string::npos;
}

int main() {
  std::ios::sync_with_stdio(false);
  AccountNumberCheck checker;
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream fields(line);
    std::string method, bank, account;
    fields >> method >> bank >> account;
    if (crashes(method, account)) std::cout << 4 << '\n';
    else std::cout << static_cast<int>(checker.check(bank, account, method)) << '\n';
  }
  return 0;
}
